// The command line read by a `CommandSpec`: the help, the version or a usage error printed
// and the process ended as the command-line convention says (0, or 64 for a usage error);
// the process's environment and folder without Foundation.

import CommandLineSpec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The arguments `words` give `spec`; prints the help or the version and exits 0, or prints
/// the usage error and exits 64.
///
/// ```swift
/// let parsed = parseOrExit(DoctorCommand.spec, ["--file", "todo.txt"])
/// ```
func parseOrExit(_ spec: CommandSpec, _ words: [String]) -> ParsedArguments {
  switch spec.parse(words) {
  case .parsed(let parsed): return parsed
  case .help: exitWithHelp(spec)
  case .version:
    print(spec.version ?? "")
    exit(0)
  case .failed(let error): exitWithUsageError(spec, error)
  }
}

/// Prints `spec`'s help, wrapped at the terminal's width, and exits 0.
func exitWithHelp(_ spec: CommandSpec) -> Never {
  print(spec.help(width: helpWidth()))
  exit(0)
}

/// Prints the usage error with the usage line on standard error, and exits 64 (EX_USAGE).
func exitWithUsageError(_ spec: CommandSpec, _ error: UsageError) -> Never {
  printError(spec.errorText(error))
  exit(64)
}

/// $COLUMNS, else the terminal's width when standard output is one, else 80.
func helpWidth() -> Int {
  if let text = getenv("COLUMNS"), let columns = Int(String(cString: text)), columns > 0 {
    return columns
  }
  var size = winsize()
  if isatty(1) != 0, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
    return Int(size.ws_col)
  }
  return 80
}
