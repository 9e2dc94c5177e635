import Foundation

/// A temporary folder that a test works in, removed when the test ends.
public final class TemporaryFolder {
  /// The folder.
  public let url: URL

  /// Creates an empty folder under the system's temporary folder.
  public init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "circles-test-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// Writes a text file into the folder.
  @discardableResult
  public func write(_ text: String, to name: String) throws -> URL {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    return file
  }

  /// Replaces a text file of the folder whole, as an editor saves (a new file renamed over the
  /// old one), so that a program watching it never reads it half-written.
  @discardableResult
  public func save(_ text: String, to name: String) throws -> URL {
    let file = url.appendingPathComponent(name)
    try Data(text.utf8).write(to: file, options: .atomic)
    return file
  }

  /// The text of a file of the folder.
  public func read(_ name: String) throws -> String {
    try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
  }

  /// The names of the files in a subfolder, sorted, without the two files `circles run` keeps
  /// in an output folder (`.circles-frames`, its manifest, and `.circles-lock`).
  public func files(in subfolder: String) -> [String] {
    allFiles(in: subfolder).filter { !Self.bookkeeping.contains($0) }
  }

  /// The names of every file in a subfolder, hidden ones included, sorted.
  public func allFiles(in subfolder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(
      atPath: url.appendingPathComponent(subfolder).path)) ?? []).sorted()
  }

  /// The files `circles run` keeps in its output folder.
  public static let bookkeeping: Set<String> = [".circles-frames", ".circles-lock"]
}
