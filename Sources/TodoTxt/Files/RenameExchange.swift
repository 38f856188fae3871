#if canImport(Glibc)
  import Glibc
#endif

/// Linux's `renameat2(2)`, which can swap two names atomically (`RENAME_EXCHANGE`) or refuse to
/// replace an existing file (`RENAME_NOREPLACE`): a rename that cannot lose a file that changed
/// since it was checked. Looked up at run time, so a C library without the wrapper (or a kernel
/// or file system without the call) falls back to plain `rename`.
///
/// ```swift
/// switch RenameExchange.exchange(temporary, target) {
/// case .done: inspect(temporary)  // what was at `target` is now at `temporary`
/// case .unsupported: fallBack()
/// case .failed(let code): throw fileError(code, target)
/// }
/// ```
enum RenameExchange {
  enum Outcome: Equatable {
    case done
    /// The system cannot do it here (no such call, or the file system does not support it).
    case unsupported
    /// It failed with this errno (EEXIST for `noReplace` when the target exists).
    case failed(Int32)
  }

  private typealias RenameAt2 =
    @convention(c) (
      Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32
    ) -> Int32

  private static let renameat2: RenameAt2? = {
    // RTLD_DEFAULT is the null handle on Linux: search the process's libraries.
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else {
      return nil
    }
    return unsafeBitCast(symbol, to: RenameAt2.self)
  }()

  private static let atCurrentFolder: Int32 = -100  // AT_FDCWD
  private static let noReplaceFlag: UInt32 = 1  // RENAME_NOREPLACE
  private static let exchangeFlag: UInt32 = 2  // RENAME_EXCHANGE

  /// Swaps the files at `a` and `b`; both must exist.
  static func exchange(_ a: String, _ b: String) -> Outcome { call(a, b, exchangeFlag) }

  /// Renames `from` to `to` only if nothing is at `to`.
  static func noReplace(_ from: String, _ to: String) -> Outcome { call(from, to, noReplaceFlag) }

  private static func call(_ from: String, _ to: String, _ flags: UInt32) -> Outcome {
    guard let renameat2 else { return .unsupported }
    while true {
      if renameat2(atCurrentFolder, from, atCurrentFolder, to, flags) == 0 { return .done }
      switch errno {
      case EINTR: continue
      case EINVAL, ENOSYS, EOPNOTSUPP: return .unsupported
      case let code: return .failed(code)
      }
    }
  }
}
