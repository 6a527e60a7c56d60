@_exported import NavRulesModel
