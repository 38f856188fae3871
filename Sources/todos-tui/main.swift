import ArgumentParser

/// `todos-tui [FILE]`: the full-screen todo list.
struct TodosCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "todos-tui",
    abstract: "A full-screen, keyboard-driven todo list that keeps its todos in a todo.txt file.",
    version: "0.1.0"
  )

  @Argument(help: "The todo.txt file to open.")
  var file: String?

  mutating func run() throws {
    print("todos-tui: not wired yet")
  }
}

TodosCommand.main()
