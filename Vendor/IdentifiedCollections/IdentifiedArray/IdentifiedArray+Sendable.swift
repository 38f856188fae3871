extension IdentifiedArray: @unchecked Sendable
where ID: Sendable, Element: Sendable {}
