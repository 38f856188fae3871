print("todos-tui: not built yet")
