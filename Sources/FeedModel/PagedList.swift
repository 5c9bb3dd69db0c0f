/// A list kept as the pages it was appended in: immutable page arrays plus the running count at
/// the end of each page, as RxDataSources keeps sections of arrays and Paging 3 a list of pages.
///
/// A load-more appends a page while the previous snapshot is still held (the replayed
/// `SectionsUpdate`, a subscriber, an encoded notification). A flat `Array` would then copy the
/// whole list on every append; here copies share every page, and an append adds one:
///
/// - copying a list is O(1) and never copies elements;
/// - appending `k` elements is O(k): one new page, plus a copy of the newest block's page table
///   (at most `pagesPerBlock` entries) when another copy shares it, and once every
///   `pagesPerBlock` pages a copy of the block table (one entry per sealed block);
/// - pages and sealed blocks are never changed, so copies on any thread read them freely;
/// - element `i` is found by two binary searches over prefix counts.
public struct PagedList<Element: Sendable>: Sendable {
    /// One appended run of elements; shared, never changed.
    @usableFromInline
    final class Page: Sendable {
        @usableFromInline let elements: [Element]

        init(_ elements: [Element]) {
            self.elements = elements
        }
    }

    /// `pagesPerBlock` consecutive pages, sealed: shared, never changed.
    @usableFromInline
    final class Block: Sendable {
        @usableFromInline let pages: [Page]
        /// The list index after each page's last element.
        @usableFromInline let ends: [Int]

        init(pages: [Page], ends: [Int]) {
            self.pages = pages
            self.ends = ends
        }
    }

    /// How many pages the open table takes before it is sealed into a block.
    static var pagesPerBlock: Int { 32 }

    /// The sealed blocks in list order.
    @usableFromInline var blocks: [Block] = []
    /// The list index after each sealed block's last element.
    @usableFromInline var blockEnds: [Int] = []
    /// The pages appended since the last block was sealed.
    @usableFromInline var open: [Page] = []
    /// The list index after each open page's last element.
    @usableFromInline var openEnds: [Int] = []
    /// The number of elements.
    public internal(set) var count = 0

    /// An empty list.
    public init() {}

    /// A list of `elements`, as one page.
    public init(_ elements: some Collection<Element>) {
        append(contentsOf: elements)
    }

    /// Appends `elements` as a new page, in O(`elements.count`); existing pages are shared with
    /// every other copy, never copied.
    public mutating func append(contentsOf elements: some Collection<Element>) {
        guard !elements.isEmpty else { return }
        // Copied into storage of its size: a page built by appending (a filter, a mapping) may
        // have room for twice its elements, which the list would keep for its lifetime.
        var page: [Element] = []
        page.reserveCapacity(elements.count)
        page.append(contentsOf: elements)
        count += page.count
        open.append(Page(page))
        openEnds.append(count)
        if open.count == Self.pagesPerBlock {
            blocks.append(Block(pages: open, ends: openEnds))
            blockEnds.append(count)
            open = []
            openEnds = []
        }
    }

    /// Appends one element (as a page of one).
    public mutating func append(_ element: Element) {
        append(contentsOf: CollectionOfOne(element))
    }

    /// The number of pages (for tests and memory accounting).
    var pageCount: Int { blocks.count * Self.pagesPerBlock + open.count }

    /// Whether `self` and `other` hold their common elements in the same pages: one was made
    /// from the other by appending, without copying any element. What tests assert to catch a
    /// list that is copied on every append.
    public func sharesElements(with other: PagedList) -> Bool {
        let (shorter, longer) = count <= other.count ? (self, other) : (other, self)
        guard shorter.blocks.count <= longer.blocks.count, zip(shorter.blocks, longer.blocks).allSatisfy({ $0 === $1 }) else {
            return false
        }
        // The shorter copy's open pages follow its blocks: in the longer copy's next block, or
        // in its open table.
        let following = shorter.blocks.count < longer.blocks.count ? longer.blocks[shorter.blocks.count].pages : longer.open
        return shorter.open.count <= following.count && zip(shorter.open, following).allSatisfy { $0 === $1 }
    }

    /// The first position in `ends` whose value is above `index`.
    @inlinable
    static func position(of index: Int, in ends: [Int]) -> Int {
        var low = 0
        var high = ends.count - 1
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] > index { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

extension PagedList: RandomAccessCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    @inlinable
    public subscript(position: Int) -> Element {
        let (page, offset) = locate(position)
        return page.elements[offset]
    }

    /// What `body` reads of the element at `position`, read in place: a member of a large
    /// element is read without copying the whole element.
    @inlinable
    public func read<Result>(_ position: Int, _ body: (Element) -> Result) -> Result {
        let (page, offset) = locate(position)
        // The buffer is only read, within its count, while `page` holds the array.
        return page.elements.withUnsafeBufferPointer { body($0[offset]) }
    }

    /// The page holding element `position` and the element's offset in it.
    @inlinable
    func locate(_ position: Int) -> (page: Page, offset: Int) {
        precondition(position >= 0 && position < count, "PagedList index \(position) out of range 0..<\(count)")
        let sealed = blockEnds.last ?? 0
        if position >= sealed {  // the newest items are read most
            let page = Self.position(of: position, in: openEnds)
            let start = page == 0 ? sealed : openEnds[page - 1]
            return (open[page], position - start)
        }
        let blockPosition = Self.position(of: position, in: blockEnds)
        let block = blocks[blockPosition]
        let page = Self.position(of: position, in: block.ends)
        let start = page > 0 ? block.ends[page - 1] : blockPosition > 0 ? blockEnds[blockPosition - 1] : 0
        return (block.pages[page], position - start)
    }

    /// Walks the pages in order (no search per element).
    public struct Iterator: IteratorProtocol {
        private let list: PagedList
        /// The next block to read, `list.blocks.count` once the open pages are being read.
        private var block = 0
        private var pages: IndexingIterator<[Page]>
        private var elements: IndexingIterator<[Element]>

        init(_ list: PagedList) {
            self.list = list
            pages = (list.blocks.first?.pages ?? list.open).makeIterator()
            elements = [Element]().makeIterator()
        }

        public mutating func next() -> Element? {
            while true {
                if let element = elements.next() { return element }
                if let page = pages.next() {
                    elements = page.elements.makeIterator()
                } else if block < list.blocks.count {
                    block += 1
                    pages = (block < list.blocks.count ? list.blocks[block].pages : list.open).makeIterator()
                } else {
                    return nil
                }
            }
        }
    }

    public func makeIterator() -> Iterator { Iterator(self) }
}

extension PagedList: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension PagedList: Equatable where Element: Equatable {
    public static func == (lhs: PagedList, rhs: PagedList) -> Bool {
        lhs.count == rhs.count && (lhs.sharesElements(with: rhs) || lhs.elementsEqual(rhs))
    }
}

extension PagedList: CustomStringConvertible {
    public var description: String { Array(self).description }
}
