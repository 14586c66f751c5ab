"""rulespec.melds"""
