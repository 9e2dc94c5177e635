import Foundation

/// A circle of a benchmark scene: what both `circles` and the C reference draw.
struct SceneCircle {
  var x: Double
  var y: Double
  var radius: Double
  var fill: (UInt8, UInt8, UInt8, UInt8)
  var stroke: (UInt8, UInt8, UInt8)
  var width: Double
}

/// A benchmark scene: a canvas size and circles from a fixed seed, written as a `.circles`
/// script for `circles` and as a plain list of numbers for the C reference.
struct Scene {
  var width: Int
  var height: Int
  var circles: [SceneCircle]

  /// Circles with radius 5–60, fill alpha 0.3–1 and an opaque stroke 1–3 px wide, spread over
  /// the canvas; the same for the same seed.
  init(width: Int, height: Int, count: Int, seed: UInt64) {
    self.width = width
    self.height = height
    var generator = SplitMix(seed: seed)
    func unit() -> Double { Double(generator.next() >> 11) / Double(1 << 53) }
    func byte() -> UInt8 { UInt8(truncatingIfNeeded: generator.next() >> 56) }
    circles = (0..<count).map { _ in
      SceneCircle(
        x: (unit() * Double(width) * 4).rounded() / 4,
        y: (unit() * Double(height) * 4).rounded() / 4,
        radius: (5 + unit() * 55).rounded(),
        fill: (byte(), byte(), byte(), UInt8(77 + unit() * 178)),
        stroke: (byte(), byte(), byte()), width: (1 + unit() * 2 * 4).rounded() / 4)
    }
  }

  /// The scene as a script: one `add` a circle, or all of them in one group (one frame after
  /// the start).
  func script(grouped: Bool) -> String {
    var lines = ["canvas \(width)x\(height)"]
    if grouped { lines.append("group \"scene\" {") }
    for circle in circles {
      let fill = String(
        format: "#%02x%02x%02x%02x", circle.fill.0, circle.fill.1, circle.fill.2, circle.fill.3)
      let stroke = String(
        format: "#%02x%02x%02x", circle.stroke.0, circle.stroke.1, circle.stroke.2)
      lines.append(
        "add at \(circle.x),\(circle.y) radius \(circle.radius) fill \(fill) stroke \(stroke) "
          + "width \(circle.width)")
    }
    if grouped { lines.append("}") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The scene for the C reference: `width height`, then one circle a line.
  var numbers: String {
    var lines = ["\(width) \(height)"]
    for c in circles {
      lines.append(
        "\(c.x) \(c.y) \(c.radius) \(c.fill.0) \(c.fill.1) \(c.fill.2) \(c.fill.3) "
          + "\(c.stroke.0) \(c.stroke.1) \(c.stroke.2) 255 \(c.width)")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension Scene {
  /// W3's first picture: 300 circles on 1920×1080.
  static var w3: Scene { Scene(width: 1920, height: 1080, count: 300, seed: 4) }

  /// W3's second picture from its first: five circles moved and recoloured.
  mutating func changeFiveCircles() {
    for index in [10, 70, 150, 220, 290] {
      circles[index].x += 40
      circles[index].fill.0 &+= 90
    }
  }
}

/// SplitMix64: a small generator that repeats exactly for a seed.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
