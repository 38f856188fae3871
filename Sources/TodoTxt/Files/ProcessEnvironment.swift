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
    #if canImport(Darwin)
      let table = _NSGetEnviron().pointee
    #else
      let table = environ
    #endif
    var count = 0
    while table[count] != nil { count += 1 }
    // Read at every start: each entry split in place at its first `=` (no string of the whole
    // entry made first), into a table sized once.
    var variables = [String: String](minimumCapacity: count)
    for index in 0..<count {
      let entry = table[index]!
      let length = strlen(entry)
      guard let equals = memchr(entry, Int32(UInt8(ascii: "=")), length) else { continue }
      let nameLength = UnsafeRawPointer(equals) - UnsafeRawPointer(entry)
      let bytes = UnsafeRawPointer(entry).assumingMemoryBound(to: UInt8.self)
      let name = String(
        decoding: UnsafeBufferPointer(start: bytes, count: nameLength), as: UTF8.self)
      let value = String(
        decoding: UnsafeBufferPointer(
          start: bytes + nameLength + 1, count: length - nameLength - 1),
        as: UTF8.self)
      variables[name] = value
    }
    return variables
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
