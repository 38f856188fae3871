import FoundationEssentials

/// A calendar day as todo.txt writes it: `YYYY-MM-DD`, no time, no time zone.
///
/// ```swift
/// let day = TodoDate(string: "2011-03-02")!
/// day.description  // "2011-03-02"
/// TodoDate(Date())  // the day in UTC now (the user's: `LocalClock.today()`)
/// ```
public struct TodoDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  // Packed small (4 bytes, not 24): every todo holds two of these, and 100,000 todos are loaded.
  private let packedYear: UInt16
  private let packedMonth: UInt8
  private let packedDay: UInt8

  /// Four-digit year, 0...9999.
  public var year: Int { Int(packedYear) }
  /// Month, 1...12.
  public var month: Int { Int(packedMonth) }
  /// Day of the month, 1...28/29/30/31.
  public var day: Int { Int(packedDay) }

  /// A day, or nil when it does not exist (`2023-02-29`, month 13, year 10000).
  ///
  /// ```swift
  /// TodoDate(year: 2024, month: 2, day: 29)  // leap day, fine
  /// ```
  public init?(year: Int, month: Int, day: Int) {
    guard (0...9999).contains(year), (1...12).contains(month),
      day >= 1, day <= Self.daysIn(month: month, year: year)
    else { return nil }
    self.packedYear = UInt16(year)
    self.packedMonth = UInt8(month)
    self.packedDay = UInt8(day)
  }

  /// Parses exactly `YYYY-MM-DD` (ASCII digits, existing day), nothing before or after.
  ///
  /// ```swift
  /// TodoDate(string: "2011-03-02")  // 2011-03-02
  /// TodoDate(string: "2011-3-2")    // nil
  /// ```
  public init?(string: String) {
    var string = string
    let parsed = string.withUTF8 { Self(utf8: $0[...]) }
    guard let parsed else { return nil }
    self = parsed
  }

  /// The day `date` falls on at `utcOffset` seconds east of UTC (default: UTC's day), in the
  /// proleptic Gregorian calendar, clamped to years 0...9999. The user's local day comes from
  /// `LocalClock` (`localtime_r`, which knows every form of `TZ`), never from here.
  ///
  /// ```swift
  /// TodoDate(Date(timeIntervalSince1970: 23 * 3600))  // 1970-01-01
  /// TodoDate(Date(timeIntervalSince1970: 23 * 3600), utcOffset: 3600)  // 1970-01-02
  /// ```
  public init(_ date: Date, utcOffset: Int = 0) {
    let seconds = date.timeIntervalSince1970 + Double(utcOffset)
    let dayNumber = Int((max(min(seconds, 1e15), -1e15) / 86_400).rounded(.down))
    self =
      TodoDate(dayNumber: dayNumber)
      ?? (dayNumber < 0
        ? TodoDate(year: 0, month: 1, day: 1)! : TodoDate(year: 9999, month: 12, day: 31)!)
  }

  /// The day `dayNumber` days after 1970-01-01, or nil outside years 0...9999.
  ///
  /// ```swift
  /// TodoDate(dayNumber: 0)  // 1970-01-01
  /// ```
  public init?(dayNumber: Int) {
    let z = dayNumber + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra =
      (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    self.init(year: year, month: month, day: day)
  }

  /// The day in 23 bits (year, month, day), never 0: for a type that packs several fields
  /// into one integer (a loaded row).
  ///
  /// ```swift
  /// TodoDate(packed: day.packed) == day  // true
  /// ```
  package var packed: UInt32 {
    UInt32(packedYear) << 9 | UInt32(packedMonth) << 5 | UInt32(packedDay)
  }

  /// The day `packed` holds; `packed` must come from `packed` (not 0).
  package init(packed: UInt32) {
    packedYear = UInt16(truncatingIfNeeded: packed >> 9)
    packedMonth = UInt8(truncatingIfNeeded: (packed >> 5) & 0xF)
    packedDay = UInt8(truncatingIfNeeded: packed & 0x1F)
  }

  /// Parses 10 bytes `YYYY-MM-DD` at the start of `bytes`; the slice must hold exactly 10.
  package init?(utf8 bytes: Slice<UnsafeBufferPointer<UInt8>>) {
    guard bytes.count == 10 else { return nil }
    let b = bytes.startIndex
    guard bytes[b + 4] == UInt8(ascii: "-"), bytes[b + 7] == UInt8(ascii: "-") else { return nil }
    func digits(_ from: Int, _ count: Int) -> Int? {
      var value = 0
      for i in from..<(from + count) {
        let c = bytes[b + i]
        guard c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(c - UInt8(ascii: "0"))
      }
      return value
    }
    guard let y = digits(0, 4), let m = digits(5, 2), let d = digits(8, 2) else { return nil }
    self.init(year: y, month: m, day: d)
  }

  /// `YYYY-MM-DD`, zero-padded. Written straight into the string's own bytes: 10 bytes fit in
  /// a small string, so nothing is allocated (the editor's row shows the date every frame).
  public var description: String {
    String(unsafeUninitializedCapacity: 10) { bytes in
      let zero = UInt8(ascii: "0")
      let year = self.year
      bytes[0] = zero + UInt8(year / 1000 % 10)
      bytes[1] = zero + UInt8(year / 100 % 10)
      bytes[2] = zero + UInt8(year / 10 % 10)
      bytes[3] = zero + UInt8(year % 10)
      bytes[4] = UInt8(ascii: "-")
      bytes[5] = zero + UInt8(month / 10)
      bytes[6] = zero + UInt8(month % 10)
      bytes[7] = UInt8(ascii: "-")
      bytes[8] = zero + UInt8(day / 10)
      bytes[9] = zero + UInt8(day % 10)
      return 10
    }
  }

  /// Appends `YYYY-MM-DD` to `out`, allocating nothing when `out` has room.
  func append(to out: inout [UInt8]) {
    let zero = UInt8(ascii: "0")
    let year = self.year
    out.append(zero + UInt8(year / 1000 % 10))
    out.append(zero + UInt8(year / 100 % 10))
    out.append(zero + UInt8(year / 10 % 10))
    out.append(zero + UInt8(year % 10))
    out.append(UInt8(ascii: "-"))
    out.append(zero + UInt8(month / 10))
    out.append(zero + UInt8(month % 10))
    out.append(UInt8(ascii: "-"))
    out.append(zero + UInt8(day / 10))
    out.append(zero + UInt8(day % 10))
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  package static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2:
      let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      return leap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}
