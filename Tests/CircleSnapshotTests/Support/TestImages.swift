import CircleCanvas
import CircleRender
import Foundation

/// Small images drawn as text, one character a pixel: `.` white, `#` black, `g` mid grey,
/// `l` a grey one step lighter than white, `r` red, `t` transparent.
func picture(_ rows: [String]) -> PixelImage {
  let palette: [Character: Colour] = [
    ".": .white, "#": .black, "g": Colour(red: 128, green: 128, blue: 128),
    "l": Colour(red: 254, green: 254, blue: 254), "r": Colour(red: 255, green: 0, blue: 0),
    "t": .none,
  ]
  let pixels = rows.flatMap { row in row.map { PixelImage.premultiplied(palette[$0]!) } }
  return PixelImage(width: rows.first?.count ?? 0, height: rows.count, pixels: pixels)
}

/// A fresh folder under the system's temporary folder, removed after `body`.
func withTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("circle-snapshot-tests-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  return try body(folder)
}
