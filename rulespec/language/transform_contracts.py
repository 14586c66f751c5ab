"""Clause handlers for opening contracts (``opening: round 1: 2 sets of 3``, or one contract
for every deal, ``opening: 1 run of 3``): kept apart from :mod:`.transformer`, which mixes
them in."""

from __future__ import annotations

from lark import Tree


class ContractClauses:
    """A contract is stored under its round; round 0 is every round with no contract of
    its own (:meth:`rulespec.ruleset.Opening.contract`)."""

    def contract_round(self, node, round_no, contract):
        self.set(node, f"opening.contracts.{round_no}",
                 {"round": round_no, "options": self._contract_options(contract)})

    def contract_every(self, node, contract):
        self.set(node, "opening.contracts.0",
                 {"round": 0, "options": self._contract_options(contract)})

    def _contract_options(self, contract: Tree) -> list:
        """``2 sets of 3 or 1 run of exactly 7`` → one list of requirements per option."""
        options = []
        for option in contract.children:
            reqs = []
            for req in option.children:
                vals = self.args(req)
                k = next(i for i, v in enumerate(vals) if isinstance(v, str))
                count = vals[k - 1] if k > 0 else 1
                size = vals[k + 1] if k + 1 < len(vals) else None
                exact = isinstance(size, Tree)  # `of exactly N`
                if exact:
                    size = self.args(size)[0]
                reqs.append({"kind": vals[k], "count": count, "size": size, "exact": exact})
            options.append(reqs)
        return options
