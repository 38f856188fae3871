extension KeyBindings {
  /// What each action of the default table does, one sentence each, for the printed config
  /// (`todos-tui --print-config`); a test checks every action has its own.
  ///
  /// ```swift
  /// KeyBindings.summaries["quit"]  // "Quit the app."
  /// ```
  static let summaries: [String: String] = [
    // The list.
    "next": "Select the next todo (in a range: extend it).",
    "previous": "Select the previous todo (in a range: extend it).",
    "first": "Select the first todo.", "last": "Select the last todo.",
    "page_down": "Select the todo a page further down.",
    "page_up": "Select the todo a page further up.",
    "add": "Add a todo (on top).", "edit": "Edit the selected todo.",
    "edit_in_editor": "Edit the selected todo's line in $VISUAL / $EDITOR.",
    "toggle": "Toggle the selected todo done / not done.",
    "toggle_all":
      "Complete every todo the list shows (or reactivate them when all of them are done).",
    "delete": "Delete the selected todo.",
    "clear_completed": "Delete the completed todos the list shows.",
    "move_down": "Move the selected todo down.", "move_up": "Move the selected todo up.",
    "next_filter": "Show the next filter: All, Active, Completed, and round again.",
    "filter_all": "Show all todos.", "filter_active": "Show the active todos.",
    "filter_completed": "Show the completed todos.",
    "search": "Search: type to narrow the list.",
    "clear_kept_search":
      "Clear the search the list is showing, else the chosen project or context.",
    "redraw": "Redraw every cell of the screen (after another program wrote over it).",
    "picker_first": "Picker: select the first row (every todo).",
    "picker_last": "Picker: select the last row.",
    "picker_page_down": "Picker: select a page further down.",
    "picker_page_up": "Picker: select a page further up.",
    "undo": "Undo the last change.", "redo": "Redo the change undone last.",
    "help": "Show the keys screen.", "quit": "Quit the app.",
    "quit_from_priority": "Quit the app while it asks for a priority (after p).",
    // Organise.
    "priority": "Set the selected todo's priority: this key, then a letter.",
    "range_priority": "In a range: set the priority of all of it (this key, then a letter).",
    "priority_clear": "After the priority key: remove the priority.",
    "priority_cancel": "After the priority key: leave the priority as it is.",
    "range_select": "Start a range at the selected todo (the moves extend it).",
    "range_end": "In a range: end it.",
    "range_toggle": "In a range: toggle all of it done / not done.",
    "range_delete": "In a range: delete all of it.",
    "archive": "Move the completed todos to the done file (done.txt).",
    "range_archive": "In a range: move its completed todos to the done file.",
    "postpone": "Postpone the selected todo (in a range: all of it): 3d, 1w, fri, a date.",
    "modify": "Add or remove tags on the selected todo (in a range: all of it).",
    "detail": "Show the whole selected todo in a pane below the list (again: close it).",
    "prompt_apply": "Postpone / modify prompt: apply what was typed.",
    "prompt_cancel": "Postpone / modify prompt: close it, changing nothing.",
    // Projects, contexts and sort order.
    "pick_project": "Show the todos of one project, picked from a list of them.",
    "pick_context": "Show the todos of one context, picked from a list of them.",
    "pick_view": "Show a filter or saved view, picked from a list of them with their counts.",
    "sort": "Change the order: file order, priority, due date, and round again.",
    "picker_next": "Picker: select the next name.",
    "picker_previous": "Picker: select the previous name.",
    "picker_next_or_j": "Picker: select the next name until something is typed, then type j.",
    "picker_previous_or_k":
      "Picker: select the previous name until something is typed, then type k.",
    "picker_show": "Picker: show the todos of the selected name.",
    "picker_cancel": "Picker: close it, leaving the list as it was.",
    "picker_delete_backward": "Picker: delete the character typed last.",
    "picker_delete_word": "Picker: delete the word typed last.",
    "picker_delete_to_start": "Picker: delete everything typed.",
    // Dates.
    "toggle_hidden": "Show / hide the todos hidden by their dates (t: in the future, h:1).",
    // Editing and search.
    "cursor_left": "Text field: cursor left.", "cursor_right": "Text field: cursor right.",
    "type_space": "Search and prompt: type a space.",
    "complete_tag":
      "Editing: complete the +project / @context before the cursor (again: the next).",
    "complete_tag_back": "Editing: complete the +project / @context, the last match first.",
    "to_start": "Text field: cursor to the start.", "to_end": "Text field: cursor to the end.",
    "delete_before": "Text field: delete the character before the cursor.",
    "delete_at": "Text field: delete the character at the cursor.",
    "delete_word": "Text field: delete the word before the cursor.",
    "delete_to_start": "Text field: delete to the start.",
    "delete_to_end": "Text field: delete to the end.",
    "save": "Editing: save the todo.", "cancel": "Editing: cancel, leaving the todo as it was.",
    "keep_search": "Searching: keep the search and go back to the list.",
    "clear_search": "Searching: clear the search.",
    "search_next": "Searching: select the next match.",
    "search_previous": "Searching: select the previous match.",
    "search_page_down": "Searching: select a match a page further down.",
    "search_page_up": "Searching: select a match a page further up.",
    // The keys screen.
    "close_help": "Keys screen: close it.",
    "quit_from_help": "Keys screen: quit the app.",
    "help_down": "Keys screen: scroll down a line.", "help_up": "Keys screen: scroll up a line.",
    "help_page_down": "Keys screen: scroll down a page.",
    "help_page_up": "Keys screen: scroll up a page.",
    "help_top": "Keys screen: go to the top.", "help_bottom": "Keys screen: go to the bottom.",
  ]
}
