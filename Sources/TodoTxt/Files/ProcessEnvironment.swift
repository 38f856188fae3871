#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's environment variables read from the C library's `environ`, as
/// `ProcessInfo.environment` gave them without FoundationEssentials: each `NAME=value` entry
/// split at its first `=`, an entry without one left out, a name given twice its last value.
///
/// ```swift
/// let environment = ProcessEnvironment.current()
/// environment["HOME"]  // "/home/me"
/// ProcessEnvironment.parse(["HOME=/home/me", "A=b=c", "junk"])  // ["HOME": "/home/me", "A": "b=c"]
/// ```
public enum ProcessEnvironment {
  /// The variables of this process now.
  public static func current() -> [String: String] {
    var entries: [String] = []
    #if canImport(Darwin)
      let table = _NSGetEnviron().pointee
    #else
      let table = environ
    #endif
    var index = 0
    while let entry = table[index] {
      entries.append(String(cString: entry))
      index += 1
    }
    return parse(entries)
  }

  /// The variables of `NAME=value` entries.
  public static func parse(_ entries: [String]) -> [String: String] {
    var variables: [String: String] = [:]
    for entry in entries {
      guard let equals = entry.utf8.firstIndex(of: UInt8(ascii: "=")) else { continue }
      variables[String(entry[..<equals])] = String(entry[entry.utf8.index(after: equals)...])
    }
    return variables
  }
}
