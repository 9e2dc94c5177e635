/// The words over the panels of a strip ("golden", "diff", "actual"), drawn from a small pixel
/// font of the letters they need.
///
/// A font of our own, not Cairo's text: the labels come out the same on every machine, with no
/// font to find (Cairo's text goes through fontconfig, whose first use scans the system's fonts).
enum StripLabel {
  /// Each glyph is 5 pixels wide and 9 high: two rows above the lower-case letters' height, five
  /// for it, two below for `g`'s tail.
  static let glyphWidth = 5
  static let glyphHeight = 9

  private static let glyphs: [Character: [String]] = [
    "a": [".....", ".....", ".###.", "....#", ".####", "#...#", ".####", ".....", "....."],
    "c": [".....", ".....", ".###.", "#....", "#....", "#....", ".###.", ".....", "....."],
    "d": ["....#", "....#", ".####", "#...#", "#...#", "#...#", ".####", ".....", "....."],
    "e": [".....", ".....", ".###.", "#...#", "#####", "#....", ".###.", ".....", "....."],
    "f": ["..##.", ".#...", "####.", ".#...", ".#...", ".#...", ".#...", ".....", "....."],
    "g": [".....", ".....", ".####", "#...#", "#...#", ".####", "....#", "#...#", ".###."],
    "i": ["..#..", ".....", ".##..", "..#..", "..#..", "..#..", ".###.", ".....", "....."],
    "l": [".##..", "..#..", "..#..", "..#..", "..#..", "..#..", ".###.", ".....", "....."],
    "n": [".....", ".....", "####.", "#...#", "#...#", "#...#", "#...#", ".....", "....."],
    "o": [".....", ".....", ".###.", "#...#", "#...#", "#...#", ".###.", ".....", "....."],
    "t": [".#...", ".#...", "####.", ".#...", ".#...", ".#..#", "..##.", ".....", "....."],
    "u": [".....", ".....", "#...#", "#...#", "#...#", "#..##", ".##.#", ".....", "....."],
  ]

  /// The height of the band that holds the labels, at a scale.
  static func bandHeight(scale: Int) -> Int { (glyphHeight + 4) * scale }

  /// Draws `text` (letters of the labels only; others are left blank) with its top left corner
  /// at `x`, `y`, each font pixel a `scale`×`scale` square, clipped to columns below `limit`.
  static func draw(
    _ text: String, x: Int, y: Int, scale: Int, colour: UInt32, limit: Int,
    into pixels: inout [UInt32], width: Int
  ) {
    for (position, letter) in text.enumerated() {
      guard let rows = glyphs[letter] else { continue }
      let left = x + position * (glyphWidth + 1) * scale
      for (row, line) in rows.enumerated() {
        for (column, mark) in line.enumerated() where mark == "#" {
          let startX = left + column * scale
          let startY = y + row * scale
          guard startX < limit else { continue }
          for py in startY..<startY + scale {
            for px in startX..<min(startX + scale, limit) { pixels[py * width + px] = colour }
          }
        }
      }
    }
  }
}
