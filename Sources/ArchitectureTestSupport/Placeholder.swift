public enum ArchitectureTestSupportPlaceholder {}
