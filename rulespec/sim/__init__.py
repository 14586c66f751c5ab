"""rulespec.sim"""
