extension Array {
    /// Appends `other`; when this array is empty it takes `other`'s buffer instead of copying
    /// its elements, so a batch of ten million rows arriving first is not copied at all.
    ///
    /// - Complexity: O(1) when this array is empty, otherwise O(k) in `other`'s count.
    package mutating func append(adopting other: [Element]) {
        if isEmpty {
            self = other
        } else {
            self += other
        }
    }
}
