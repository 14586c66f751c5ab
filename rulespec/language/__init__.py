"""rulespec.language"""
