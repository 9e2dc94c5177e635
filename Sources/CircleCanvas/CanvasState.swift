import Synchronization

/// Everything needed to draw a canvas at one moment, as a plain value.
///
/// A `Canvas` hands out its state for rendering, comparing and storing; two equal states
/// render to identical pixels.
public struct CanvasState: Hashable, Sendable, Codable {
  /// Width in points, 1…16384.
  public var width: Int
  /// Height in points, 1…16384.
  public var height: Int
  /// Pixels per point; the rendered image is `width × scale` by `height × scale` pixels.
  public var scale: Double
  /// The colour painted before any circle; may be transparent.
  public var background: Colour
  /// The circles, back to front: the first is drawn first.
  public var circles: [Circle] {
    get { storedCircles }
    set {
      storedCircles = newValue
      lineage = Lineage.next()
    }
    _modify {
      lineage = Lineage.next()
      yield &storedCircles
    }
  }

  private var storedCircles: [Circle]
  /// Shared by the states of one canvas that follow one another by circles added on top; see
  /// `circlesAdded(since:)`. Not part of the value: equal states may differ in it.
  private var lineage: UInt64

  /// Creates a state; the defaults are those of a script with no `canvas` command.
  public init(
    width: Int = 512, height: Int = 512, scale: Double = 1, background: Colour = .white,
    circles: [Circle] = []
  ) {
    self.width = width
    self.height = height
    self.scale = scale
    self.background = background
    self.storedCircles = circles
    self.lineage = Lineage.next()
  }

  /// The size of the rendered image in pixels: each side × scale, rounded to the nearest pixel.
  ///
  /// At least 1; a scale that is not finite or an absurd size gives a huge value instead of
  /// trapping, so that renderers can reject it as too large.
  public var pixelWidth: Int { CanvasState.pixels(width, scale) }
  /// The height of the rendered image in pixels.
  public var pixelHeight: Int { CanvasState.pixels(height, scale) }

  private static func pixels(_ side: Int, _ scale: Double) -> Int {
    let value = (Double(side) * scale).rounded()
    if value.isNaN { return Int(Int32.max) }
    return Int(min(max(value, 1), Double(Int32.max)))
  }
}

// MARK: - Circles added on top, known without comparing circles

extension CanvasState {
  /// Lineage numbers: each new state, and each change to a state's circles other than
  /// `appendKeepingLineage`, takes the next one.
  private enum Lineage {
    private static let counter = Atomic<UInt64>(1)
    static func next() -> UInt64 { counter.wrappingAdd(1, ordering: .relaxed).oldValue }
  }

  /// The circles this state has on top of those of `earlier`, when the two are known to be
  /// states of one canvas between which circles were only added on top: `earlier`'s circles
  /// are then the first ones of this state. `nil` when that is not known — the states may still
  /// be related, which only comparing their circles tells.
  ///
  /// Known in constant time, whatever the number of circles: a canvas, its copies and the
  /// states it hands out share a lineage number for as long as circles are only appended, and
  /// any other change to the circles starts a new one.
  package func circlesAdded(since earlier: CanvasState) -> ArraySlice<Circle>? {
    guard lineage == earlier.lineage, storedCircles.count >= earlier.storedCircles.count else {
      return nil
    }
    return storedCircles[earlier.storedCircles.count...]
  }

  /// Adds circles on top without starting a new lineage: for a canvas adding a circle, and for
  /// a copy catching up with the later state `circlesAdded(since:)` was asked of.
  package mutating func appendKeepingLineage(_ circles: some Sequence<Circle>) {
    storedCircles.append(contentsOf: circles)
  }

  /// Whether this state's circles begin with all of `earlier`'s, in order: known at once for
  /// states of one lineage, found by comparing the circles otherwise.
  package func circlesBegin(with earlier: CanvasState) -> Bool {
    let count = earlier.storedCircles.count
    guard count <= storedCircles.count else { return false }
    // One lineage: the shorter is the start of the longer.
    if lineage == earlier.lineage { return true }
    return storedCircles.withUnsafeBufferPointer { mine in
      earlier.storedCircles.withUnsafeBufferPointer { theirs in
        for index in 0..<count where mine[index] != theirs[index] { return false }
        return true
      }
    }
  }

  /// Whether the two states are known to be states of one canvas between which circles were
  /// only added on top (in either order).
  package func sharesLineage(with other: CanvasState) -> Bool {
    lineage == other.lineage
  }

  /// The state with circles in storage of its own, in the same lineage: a copy to keep and
  /// extend that does not make the canvas copy its circles at its next change.
  package func withOwnStorage() -> CanvasState {
    var copy = self
    copy.storedCircles = storedCircles.withUnsafeBufferPointer { Array($0) }
    return copy
  }

  /// Starts a new lineage; for a canvas made from a state, whose additions must not be
  /// taken for those of another canvas made from the same state.
  package mutating func startLineage() {
    lineage = Lineage.next()
  }
}

// MARK: - Value semantics: the lineage is not part of the value

extension CanvasState {
  public static func == (lhs: CanvasState, rhs: CanvasState) -> Bool {
    guard lhs.width == rhs.width, lhs.height == rhs.height, lhs.scale == rhs.scale,
      lhs.background == rhs.background, lhs.storedCircles.count == rhs.storedCircles.count
    else { return false }
    // One lineage and as many circles: the same circles.
    return lhs.lineage == rhs.lineage || lhs.storedCircles == rhs.storedCircles
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(width)
    hasher.combine(height)
    hasher.combine(scale)
    hasher.combine(background)
    hasher.combine(storedCircles)
  }

  private enum CodingKeys: String, CodingKey {
    case width, height, scale, background, circles
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      width: try container.decode(Int.self, forKey: .width),
      height: try container.decode(Int.self, forKey: .height),
      scale: try container.decode(Double.self, forKey: .scale),
      background: try container.decode(Colour.self, forKey: .background),
      circles: try container.decode([Circle].self, forKey: .circles))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(width, forKey: .width)
    try container.encode(height, forKey: .height)
    try container.encode(scale, forKey: .scale)
    try container.encode(background, forKey: .background)
    try container.encode(storedCircles, forKey: .circles)
  }
}
