"""rulespec.rulebook"""
