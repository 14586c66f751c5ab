"""rulespec.agents"""
