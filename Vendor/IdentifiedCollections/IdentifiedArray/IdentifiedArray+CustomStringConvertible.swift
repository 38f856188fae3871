extension IdentifiedArray: CustomStringConvertible {
  public var description: String {
    var result = "["
    var first = true
    for item in self {
      if first {
        first = false
      } else {
        result += ", "
      }
      debugPrint(item, terminator: "", to: &result)
    }
    result += "]"
    return result
  }
}
