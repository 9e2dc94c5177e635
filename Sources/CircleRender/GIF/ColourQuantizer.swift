/// Chooses at most 256 colours for one GIF frame and maps each pixel to the nearest of them.
///
/// A frame with few enough distinct colours keeps them all, exactly. Otherwise the colours are
/// split by median cut (Heckbert's method): starting from one box holding every colour of the
/// frame, the box whose widest channel spans most is cut across that channel at the median
/// of its pixels, until there are as many boxes as palette entries; each entry is the mean of
/// its box, weighted by how many pixels have each colour, and every colour takes the entry of
/// its box (the nearest entry would cost a search per colour for little gain: the README gives
/// the errors measured). There is no dithering, so a flat area stays flat and an unchanged area
/// gives the same indices from frame to frame.
struct ColourQuantizer {
  /// The chosen colours, `0x00RRGGBB`.
  private(set) var palette: [UInt32] = []
  /// Each distinct colour's palette index.
  private var index: [UInt32: UInt8] = [:]

  /// Chooses a palette for the colours of a frame.
  ///
  /// - Parameters:
  ///   - histogram: each distinct colour (`0x00RRGGBB`) with its number of pixels.
  ///   - size: palette entries at most, 1…256.
  init(histogram: [UInt32: Int], size: Int) {
    let size = min(256, max(1, size))
    if histogram.count <= size {
      for (position, colour) in histogram.keys.sorted().enumerated() {
        palette.append(colour)
        index[colour] = UInt8(position)
      }
      return
    }
    // The boxes are ranges of one array of colours, partitioned in place as they are cut.
    var colours = histogram.map { (colour: $0.key, count: $0.value) }
    var boxes = [Box(colours.indices, of: colours)]
    while boxes.count < size {
      guard let widest = boxes.indices.max(by: { boxes[$0].span < boxes[$1].span }),
        boxes[widest].span > 0
      else { break }
      let halves = boxes[widest].split(&colours)
      boxes[widest] = halves.0
      boxes.append(halves.1)
    }
    palette = boxes.map { $0.mean(of: colours) }
    for (position, box) in boxes.enumerated() {
      for entry in colours[box.range] { index[entry.colour] = UInt8(position) }
    }
  }

  /// The palette index of a colour of the frame.
  func entry(for colour: UInt32) -> UInt8 { index[colour] ?? nearest(colour) }

  private func nearest(_ colour: UInt32) -> UInt8 {
    var best = 0
    var bestDistance = Int.max
    for (position, entry) in palette.enumerated() {
      let distance = Self.distance(colour, entry)
      if distance < bestDistance {
        (best, bestDistance) = (position, distance)
        if distance == 0 { break }
      }
    }
    return UInt8(best)
  }

  static func distance(_ a: UInt32, _ b: UInt32) -> Int {
    var total = 0
    for shift in [16, 8, 0] as [UInt32] {
      let difference = Int(a >> shift & 0xFF) - Int(b >> shift & 0xFF)
      total += difference * difference
    }
    return total
  }

  /// A range of colours (with their pixel counts), and the channel that spans most among them.
  struct Box {
    let range: Range<Int>
    /// The shift of the widest channel (16 red, 8 green, 0 blue).
    let channel: UInt32
    /// Its lowest and highest values among the colours.
    let low: Int
    let high: Int
    /// `high - low`.
    var span: Int { high - low }

    init(_ range: Range<Int>, of colours: [(colour: UInt32, count: Int)]) {
      self.range = range
      var best: (shift: UInt32, low: Int, high: Int) = (16, 0, -1)
      for shift in [16, 8, 0] as [UInt32] {
        var low = 255
        var high = 0
        for entry in colours[range] {
          let value = Int(entry.colour >> shift & 0xFF)
          low = min(low, value)
          high = max(high, value)
        }
        if high - low > best.high - best.low { best = (shift, low, high) }
      }
      (channel, low, high) = best
    }

    /// The two halves either side of the pixels' median along the widest channel: colours at
    /// or below the median value go to the first, the others to the second. The box's range
    /// of `colours` is reordered so that each half is a range of its own.
    ///
    /// - Precondition: `span > 0`, so both halves hold a colour.
    func split(_ colours: inout [(colour: UInt32, count: Int)]) -> (Box, Box) {
      let shift = channel
      var counts = [Int](repeating: 0, count: 256)
      var total = 0
      for entry in colours[range] {
        counts[Int(entry.colour >> shift & 0xFF)] += entry.count
        total += entry.count
      }
      var seen = 0
      var median = low
      for value in low...high {
        seen += counts[value]
        median = value
        if seen * 2 >= total { break }
      }
      median = min(median, high - 1)
      var cut = range.lowerBound
      for position in range where Int(colours[position].colour >> shift & 0xFF) <= median {
        colours.swapAt(position, cut)
        cut += 1
      }
      return (Box(range.lowerBound..<cut, of: colours), Box(cut..<range.upperBound, of: colours))
    }

    /// The mean colour, weighted by pixel counts.
    func mean(of colours: [(colour: UInt32, count: Int)]) -> UInt32 {
      var sums = (0, 0, 0)
      var total = 0
      for entry in colours[range] {
        sums.0 += Int(entry.colour >> 16 & 0xFF) * entry.count
        sums.1 += Int(entry.colour >> 8 & 0xFF) * entry.count
        sums.2 += Int(entry.colour & 0xFF) * entry.count
        total += entry.count
      }
      let half = total / 2
      let divisor = max(1, total)
      return UInt32((sums.0 + half) / divisor) << 16 | UInt32((sums.1 + half) / divisor) << 8
        | UInt32((sums.2 + half) / divisor)
    }
  }
}
