public enum TodosFeaturePlaceholder {}
