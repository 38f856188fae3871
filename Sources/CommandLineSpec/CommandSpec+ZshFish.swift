// The zsh and fish completion scripts, written from the spec (bash's is beside the parser's
// other completion code).

extension CommandSpec {
  /// `text` inside zsh single quotes, where `_describe` reads `:`, and `_arguments` also `[]`
  /// (`brackets`).
  func zshQuoted(_ text: String, brackets: Bool = true) -> String {
    var out = ""
    for character in text {
      switch character {
      case "'": out += "'\\''"
      case ":": out += "\\:"
      case "[" where brackets, "]" where brackets: out += "\\" + String(character)
      default: out.append(character)
      }
    }
    return out
  }

  /// `_arguments`' specs for `spec`: positionals (the first one a state when it has choices),
  /// options, flags.
  func zshSpecs(_ spec: CommandSpec, firstState: Bool) -> [String] {
    var specs: [String] = []
    var first = true
    for argument in spec.arguments where argument.kind == .positional {
      let action = argument.completesFiles ? "_files" : " "
      if argument.isRepeating {
        specs.append("'*:\(argument.valueName):\(action)'")
      } else if first, firstState {
        specs.append("':\(argument.valueName):->first'")
      } else {
        specs.append("':\(argument.valueName):\(action)'")
      }
      first = false
    }
    for argument in spec.allArguments where argument.kind != .positional {
      let help = "[\(zshQuoted(argument.help))]"
      let value =
        argument.kind == .option
        ? ":\(zshQuoted(argument.valueName)):\(argument.completesFiles ? "_files" : " ")" : ""
      if let short = argument.short {
        specs.append(
          "'(-\(short) --\(argument.name))'{-\(short),--\(argument.name)}'\(help)\(value)'")
      } else {
        specs.append("'--\(argument.name)\(help)\(value)'")
      }
    }
    return specs
  }

  func zshScript() -> String {
    let function = "_" + programName
    var script = """
      #compdef \(programName)

      \(function)() {
          local context state state_descr line
          local -A opt_args
          local -i ret=1
          if (( CURRENT > 2 )); then
              case "${words[2]}" in

      """
    for sub in subcommands {
      script += "        \(sub.commandWord))\n"
      script += "            shift words\n            (( CURRENT-- ))\n"
      script += "            _arguments -s -S : \\\n"
      for spec in zshSpecs(sub, firstState: false) {
        script += "                \(spec) \\\n"
      }
      script += "                && ret=0\n            return ret\n            ;;\n"
    }
    func items(_ choices: [Choice]) -> String {
      choices.map { "'\($0.word):\(zshQuoted($0.help, brackets: false))'" }
        .joined(separator: "\n            ")
    }
    script += """
              esac
          fi
          local -ar arg_specs=(
              \(zshSpecs(self, firstState: true).joined(separator: "\n        "))
          )
          _arguments -s -S : "${arg_specs[@]}" && ret=0
          case "${state}" in
          first)
              local -ar choices=(
                  \(items(firstWords))
              )
              _describe -V choice choices && ret=0
              if (( CURRENT == 2 )); then
                  local -ar subcommands=(
                      \(items(subcommandChoices))
                  )
                  _describe -V subcommand subcommands && ret=0
              fi
              _files && ret=0
              ;;
          esac
          return ret
      }

      if [[ "${funcstack[1]}" = \(function) ]]; then
          \(function) "$@"
      else
          compdef \(function) \(programName)
      fi

      """
    return script
  }

  func fishScript() -> String {
    let p = "__" + programName
    let skip = valueOptions.joined(separator: " ")
    let subs = subcommands.map(\.commandWord).joined(separator: " ")
    var script = """
      # fish completion for \(programName): \(programName) --generate-completion-script fish
      function \(p)_tokens
          if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
              commandline --tokens-raw $argv
          else
              commandline -o $argv
          end
      end

      # Where the word typed is: an option's value (value), the first word (first), a later
      # word (more).
      function \(p)_position
          set -l tokens (\(p)_tokens -pc)
          set -l skip 0
          set -l first 1
          for token in $tokens[2..-1]
              if test $skip = 1
                  set skip 0
                  continue
              end
              switch $token
                  case \(skip.isEmpty ? "--" : skip)
                      set skip 1
                  case '-*'
                  case '*'
                      set first 0
              end
          end
          if test $skip = 1
              echo value
          else if test $first = 1
              echo first
          else
              echo more
          end
      end

      # Whether the command line runs the subcommand NAME ("" for none).
      function \(p)_command -a name
          set -l tokens (\(p)_tokens -pc)
          set -l word ""
          if test (count $tokens) -ge 2
              set word $tokens[2]
          end
          switch $word
              case \(subs.isEmpty ? "''" : subs)
                  test "$word" = "$name"
              case '*'
                  test -z "$name"
          end
      end

      complete -c '\(programName)' -f

      """
    func line(_ condition: String, _ rest: String) -> String {
      "complete -c '\(programName)' -n '\(condition)' \(rest)\n"
    }
    for spec in [self] + subcommands {
      let command = "\(p)_command \(spec === self ? "\"\"" : spec.commandWord)"
      let positionals = spec.arguments.filter { $0.kind == .positional }
      if spec === self {
        let first = "\(command); and test (\(p)_position) = first"
        if positionals.first?.completesFiles == true { script += line(first, "-F") }
        let veryFirst = "\(command); and test (count (\(p)_tokens -pc)) = 1"
        for (condition, choices) in [(first, firstWords), (veryFirst, subcommandChoices)] {
          for choice in choices {
            script += line(
              condition,
              "-fa \(singleQuoted(choice.word)) -d \(singleQuoted(choice.help, fish: true))")
          }
        }
        if positionals.contains(where: { $0.isRepeating && $0.completesFiles }) {
          script += line("\(command); and test (\(p)_position) = more", "-F")
        }
      } else if positionals.contains(where: \.completesFiles) {
        script += line("\(command); and test (\(p)_position) != value", "-F")
      }
      for argument in spec.allArguments where argument.kind != .positional {
        var rest = argument.short.map { "-s '\($0)' " } ?? ""
        rest += "-l '\(argument.name)' -d \(singleQuoted(argument.help, fish: true))"
        if argument.kind == .option { rest += argument.completesFiles ? " -rF" : " -r" }
        script += line(command, rest)
      }
    }
    return script
  }
}

extension CommandSpec {
  /// Whether two specs are the same command (by name).
  static func === (lhs: CommandSpec, rhs: CommandSpec) -> Bool { lhs.name == rhs.name }
}
