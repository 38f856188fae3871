// The bash, zsh and fish completion scripts, written from the spec: options and their file
// values, the first word's choices (the verbs) beside file names, and the subcommands.

/// A shell `--generate-completion-script` writes a script for.
public enum CompletionShell: String, CaseIterable, Sendable {
  case bash, zsh, fish
}

extension CommandSpec {
  /// The completion script for `shell`, for the program `name` and its subcommands.
  ///
  /// ```swift
  /// print(spec.completionScript(for: .bash))  // "_todos-tui() { …"
  /// ```
  public func completionScript(for shell: CompletionShell) -> String {
    switch shell {
    case .bash: bashScript()
    case .zsh: zshScript()
    case .fish: fishScript()
    }
  }

  /// The options that take a value, of this command and its subcommands: `--file`, `--into`.
  var valueOptions: [String] {
    var names: [String] = []
    for spec in [self] + subcommands {
      for argument in spec.arguments where argument.kind == .option {
        let name = "--" + argument.name
        if !names.contains(name) { names.append(name) }
      }
    }
    return names
  }

  /// Every name an option or a flag is typed with: `--file`, `-h`, `--help`.
  func typedNames(_ spec: CommandSpec) -> [String] {
    spec.allArguments.filter { $0.kind != .positional }.flatMap { argument in
      (argument.short.map { ["-\($0)"] } ?? []) + ["--" + argument.name]
    }
  }

  /// The subcommands as choices: offered only as the very first word, where they are read.
  var subcommandChoices: [Choice] {
    subcommands.map { Choice($0.commandWord, help: $0.abstract) }
  }

  /// `text` inside single quotes for bash or fish (`'` escaped as `\'` for fish).
  func singleQuoted(_ text: String, fish: Bool = false) -> String {
    var out = "'"
    for character in text {
      if character == "'" {
        out += fish ? "\\'" : "'\\''"
      } else {
        out.append(character)
      }
    }
    return out + "'"
  }

  /// bash: `$'a\nb'`, a word list split at line breaks.
  func bashWords(_ words: [String]) -> String {
    "$'" + words.joined(separator: "\\n") + "'"
  }

  func bashScript() -> String {
    let function = "_" + programName
    /// `case "$prev" in …`: after an option, its value (file names, or nothing).
    func values(_ spec: CommandSpec, indent: String) -> String {
      let options = spec.arguments.filter { $0.kind == .option }
      guard !options.isEmpty else { return "" }
      var out = indent + "case \"$prev\" in\n"
      for files in [true, false] {
        let names = options.filter { $0.completesFiles == files }.map { "--" + $0.name }
        guard !names.isEmpty else { continue }
        out += indent + names.joined(separator: "|") + ")\n"
        out +=
          indent
          + (files ? "    COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n" : "    return ;;\n")
      }
      return out + indent + "esac\n"
    }
    var script = """
      # bash completion for \(programName): \(programName) --generate-completion-script bash
      \(function)() {
          local IFS=$'\\n'
          local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
          COMPREPLY=()
          local command=""
          if [[ $COMP_CWORD -gt 1 ]]; then command="${COMP_WORDS[1]}"; fi
          case "$command" in

      """
    for sub in subcommands {
      let files = sub.arguments.contains { $0.kind == .positional && $0.completesFiles }
      script += "    \(sub.commandWord))\n"
      script += values(sub, indent: "        ")
      script += "        if [[ \"$cur\" == -* ]]; then\n"
      script += "            COMPREPLY=($(compgen -W \(bashWords(typedNames(sub))) -- \"$cur\"))\n"
      if files { script += "        else\n            COMPREPLY=($(compgen -f -- \"$cur\"))\n" }
      script += "        fi\n        return ;;\n"
    }
    script += "    esac\n"
    script += values(self, indent: "    ")
    let skip = valueOptions.joined(separator: "|")
    script += """
          if [[ "$cur" == -* ]]; then
              COMPREPLY=($(compgen -W \(bashWords(typedNames(self))) -- "$cur"))
              return
          fi
          # The first word offers the choices too; option values are not words.
          local i skip=0 first=1
          for ((i = 1; i < COMP_CWORD; i++)); do
              if [[ $skip -eq 1 ]]; then skip=0; continue; fi
              case "${COMP_WORDS[i]}" in
              \(skip.isEmpty ? "--" : skip)) skip=1 ;;
              -*) ;;
              *) first=0 ;;
              esac
          done
          if [[ $first -eq 1 ]]; then
              COMPREPLY=($(compgen -W \(bashWords(firstWords.map(\.word))) -- "$cur"))
          fi
          if [[ $COMP_CWORD -eq 1 ]]; then
              COMPREPLY+=($(compgen -W \(bashWords(subcommands.map(\.commandWord))) -- "$cur"))
          fi
          COMPREPLY+=($(compgen -f -- "$cur"))
      }
      complete -o filenames -o bashdefault -F \(function) \(programName)

      """
    return script
  }
}
