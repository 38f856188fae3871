// The verbs in the shell completion scripts: the argument parser writes the scripts for the
// full screen's options and FILE; the verbs are offered beside the file names as the first
// word, each with its arguments and what it does where the shell shows that (zsh, fish).

extension TodoCommand {
  /// `script` (the argument parser's completion script for `shell`: "bash", "zsh" or "fish")
  /// with the verbs offered as the first word beside file names; the script unchanged when its
  /// first word is not where expected.
  ///
  /// ```swift
  /// TodoCommand.completionScript(adding: bashScript, shell: "bash")
  /// // … __todos-tui_add_completions -W $'add\\nls\\ndo\\nundo…' …
  /// ```
  public static func completionScript(adding script: String, shell: String) -> String {
    let verbs = Verb.allCases
    func described(_ verb: Verb, zsh: Bool) -> String {
      quotedForShell("\(verb.usage) · \(verb.summary)", zsh: zsh)
    }
    switch shell {
    case "bash":
      // The function splits the word list at line breaks (IFS), not at spaces.
      let names = verbs.map(\.rawValue).joined(separator: "\\n")
      let files = "    1)\n        __todos-tui_add_completions -f\n"
      return script.replacing(
        files,
        with: "    1)\n        __todos-tui_add_completions -W $'\(names)'\n"
          + "        __todos-tui_add_completions -f\n")
    case "zsh":
      let items = verbs.map { "'\($0.rawValue):\(described($0, zsh: true))'" }
      let state = """
            file)
                local -ar verbs=(
                    \(items.joined(separator: "\n            "))
                )
                _describe -V verb verbs && ret=0
                _files && ret=0
                ;;

        """
      return
        script
        .replacing("':file:_files'", with: "':file:->file'")
        .replacing(
          "    case \"${state}\" in\n", with: "    case \"${state}\" in\n" + state)
    case "fish":
      var out: [String] = []
      for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
        out.append(String(line))
        guard line.hasSuffix("\"todos-tui\" -eq 1' -F") else { continue }
        let condition = line.dropLast(" -F".count)
        for verb in verbs {
          out.append(
            "\(condition) -fa '\(verb.rawValue)' -d '\(described(verb, zsh: false))'")
        }
      }
      return out.joined(separator: "\n")
    default:
      return script
    }
  }

  /// `text` for inside single quotes: `'` escaped as the shell needs (zsh: also `:` and `[]`
  /// mean something in a `_describe` item).
  static func quotedForShell(_ text: String, zsh: Bool) -> String {
    var out = ""
    for character in text {
      switch character {
      case "'": out += zsh ? "'\\''" : "\\'"
      case ":" where zsh: out += "\\:"
      default: out.append(character)
      }
    }
    return out
  }
}
