import OrderedCollections

// Not part of swift-identified-collections 1.1.1: added here (see Vendor/README.md).

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// Creates an array over the storage of `elements`, without copying the elements (only the
  /// ids are copied, into the index), or nil when two elements have the same id. The
  /// initializers above copy every element into new storage, which doubles the memory of a
  /// large array while both exist; checking the ids with a `Set` first costs more than the
  /// index itself.
  ///
  /// - Complexity: O(*n*): each id is hashed once, and once more for the index.
  @inlinable
  public init?(uniqueElementsSharingStorage elements: [Element]) {
    let ids = OrderedSet(elements.lazy.map { $0.id })
    guard ids.count == elements.count else { return nil }
    self.init(
      id: \.id,
      _id: { $0.id },
      _dictionary: OrderedDictionary(uncheckedUniqueKeys: ids, values: elements)
    )
  }
}
