/// A cancel id of any `Hashable` type, erased without asking the runtime anything.
///
/// `AnyHashable` looks each new type up at run time (whether it has a custom `AnyHashable`
/// representation: a scan of every protocol conformance in the binary, about 100,000
/// instructions a type, paid at start by every kind of cancel id). This keeps the id in an
/// existential whose `Hashable` witnesses the compiler passes in, so erasing, hashing and
/// comparing it never look anything up. Two ids are equal when they are of the same type and
/// equal as that type; an `EffectID` given to `init` is kept as it is, not wrapped again.
///
/// ```swift
/// enum CancelID { case sort }
/// let id = EffectID(CancelID.sort)
/// id == EffectID(CancelID.sort)  // true
/// ```
public struct EffectID: Hashable, @unchecked Sendable {
  // `@unchecked`: made from `Sendable` ids, or (`init(identity:)`) from a presented child's
  // `id` on the main actor, as `AnyHashable` (itself `@unchecked Sendable`) held them before.
  @usableFromInline
  let base: any Hashable

  /// `id`, erased; an `EffectID` stays as it is.
  @inlinable
  public init<ID: Hashable & Sendable>(_ id: ID) {
    self.init(identity: id)
  }

  /// `id`, erased, whether or not its type says it is `Sendable`: a presented child's `id`, a
  /// combinator's key path (immutable values made on the main actor).
  @inlinable
  init<ID: Hashable>(identity id: ID) {
    // A comparison of metadata (folded away where `ID` is known), not a dynamic cast.
    if ID.self == EffectID.self {
      self = unsafeBitCast(id, to: EffectID.self)
    } else {
      base = id
    }
  }

  public static func == (lhs: EffectID, rhs: EffectID) -> Bool {
    func equal<Left: Hashable, Right: Hashable>(_ left: Left, _ right: Right) -> Bool {
      // Same type checked first, so the reinterpretation is of a value as its own type.
      guard Left.self == Right.self else { return false }
      return left == unsafeBitCast(right, to: Left.self)
    }
    return equal(lhs.base, rhs.base)
  }

  public func hash(into hasher: inout Hasher) {
    base.hash(into: &hasher)
  }
}
