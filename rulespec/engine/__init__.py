"""rulespec.engine"""
