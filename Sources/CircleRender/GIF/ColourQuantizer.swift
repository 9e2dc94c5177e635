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
    var boxes = [Box(histogram.map { (colour: $0.key, count: $0.value) })]
    while boxes.count < size {
      guard let widest = boxes.indices.max(by: { boxes[$0].span < boxes[$1].span }),
        boxes[widest].span > 0, let halves = boxes[widest].split()
      else { break }
      boxes[widest] = halves.0
      boxes.append(halves.1)
    }
    palette = boxes.map(\.mean)
    for (position, box) in boxes.enumerated() {
      for entry in box.colours { index[entry.colour] = UInt8(position) }
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

  /// Colours with their pixel counts, and the channel that spans most among them.
  struct Box {
    var colours: [(colour: UInt32, count: Int)]
    /// The shift of the widest channel (16 red, 8 green, 0 blue).
    let channel: UInt32
    /// Its lowest and highest values among the colours.
    let low: Int
    let high: Int
    /// `high - low`.
    var span: Int { high - low }

    init(_ colours: [(colour: UInt32, count: Int)]) {
      self.colours = colours
      var best: (shift: UInt32, low: Int, high: Int) = (16, 0, -1)
      for shift in [16, 8, 0] as [UInt32] {
        var low = 255
        var high = 0
        for entry in colours {
          let value = Int(entry.colour >> shift & 0xFF)
          low = min(low, value)
          high = max(high, value)
        }
        if high - low > best.high - best.low { best = (shift, low, high) }
      }
      (channel, low, high) = best
    }

    /// The two halves either side of the pixels' median along the widest channel: colours at
    /// or below the median value go to the first, the others to the second.
    func split() -> (Box, Box)? {
      guard colours.count > 1 else { return nil }
      let shift = channel
      var counts = [Int](repeating: 0, count: 256)
      var total = 0
      for entry in colours {
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
      // Both halves must hold a colour.
      median = min(median, high - 1)
      var first: [(colour: UInt32, count: Int)] = []
      var second: [(colour: UInt32, count: Int)] = []
      for entry in colours {
        if Int(entry.colour >> shift & 0xFF) <= median {
          first.append(entry)
        } else {
          second.append(entry)
        }
      }
      return (Box(first), Box(second))
    }

    /// The mean colour, weighted by pixel counts.
    var mean: UInt32 {
      var sums = [0, 0, 0]
      var total = 0
      for entry in colours {
        sums[0] += Int(entry.colour >> 16 & 0xFF) * entry.count
        sums[1] += Int(entry.colour >> 8 & 0xFF) * entry.count
        sums[2] += Int(entry.colour & 0xFF) * entry.count
        total += entry.count
      }
      let channels = sums.map { UInt32(($0 + total / 2) / max(1, total)) }
      return channels[0] << 16 | channels[1] << 8 | channels[2]
    }
  }
}
