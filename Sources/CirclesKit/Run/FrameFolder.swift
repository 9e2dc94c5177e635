import Foundation

/// The frames a run leaves in its output folder.
enum FrameFolder {
  /// Whether a file name has the form of a frame: four or more digits, `-`, a slug, and `.png`,
  /// `.svg` or `.pdf`.
  static func isFrameName(_ name: String) -> Bool {
    guard [".png", ".svg", ".pdf"].contains(where: { name.hasSuffix($0) }) else { return false }
    let stem = name.dropLast(4)
    guard let dash = stem.firstIndex(of: "-") else { return false }
    let number = stem[..<dash]
    let slug = stem[stem.index(after: dash)...]
    return number.count >= 4 && number.allSatisfy { $0.isASCII && $0.isNumber }
      && !slug.isEmpty
      && slug.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }
  }

  /// Removes frame files left by an earlier run that this run did not write.
  static func removeStaleFrames(in folder: URL, keeping written: Set<String>) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names where isFrameName(name) && !written.contains(name) {
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
    }
  }
}
