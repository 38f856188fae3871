public enum TerminalUIPlaceholder {}
