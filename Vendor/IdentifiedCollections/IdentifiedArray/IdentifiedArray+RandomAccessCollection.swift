extension IdentifiedArray: RandomAccessCollection {}
