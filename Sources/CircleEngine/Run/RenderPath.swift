import CircleRender
import CircleSystem
import Foundation

/// A `render` target, checked against the rules of where a run may write.
///
/// A target is a path relative to the output folder, as the script gives it after
/// interpolation: `final.png`, `shots/ring-3.png`. It may not start with `/` or `~`, hold a
/// `..` or a NUL byte, or have a name longer than 255 bytes; it must end in `.png`. A
/// symbolic link on the way is checked when the file is written (`FolderHandle`), since only
/// then is it known where it leads.
package struct RenderPath: Hashable, Sendable {
  /// The folders under the output folder, joined by `/`; empty for the folder itself.
  package var folder: String
  /// The file's name, with the extension of the format written.
  package var name: String

  /// The longest `render` path, in bytes.
  package static let lengthLimit = 4096

  /// The path as written into the output folder: `shots/ring-3.png`.
  package var path: String { folder.isEmpty ? name : folder + "/" + name }

  /// Checks a `render` path.
  ///
  /// - Parameters:
  ///   - text: the path from the script.
  ///   - fileExtension: the extension of the run's format (`png`, `svg`, `pdf`); a `.png`
  ///     target of a vector run gets this extension instead.
  /// - Throws: `FileError` with the reason alone, to follow `cannot render '<path>': `.
  package init(_ text: String, fileExtension: String) throws(FileError) {
    guard text.utf8.count <= Self.lengthLimit else {
      throw FileError(
        reason:
          "the path is too long: \(text.utf8.count) bytes, at most \(Self.lengthLimit)")
    }
    guard !text.utf8.contains(0) else { throw FileError(reason: "a path cannot hold a NUL byte") }
    guard !text.hasPrefix("/") else {
      throw FileError(reason: "the path must stay inside the output folder: it starts at '/'")
    }
    guard !text.hasPrefix("~") else {
      throw FileError(
        reason:
          "the path must stay inside the output folder: '~' is not a home folder here")
    }
    let parts = text.split(separator: "/", omittingEmptySubsequences: true)
      .filter { $0 != "." }
    guard !parts.contains("..") else {
      throw FileError(reason: "the path must stay inside the output folder: it holds '..'")
    }
    for part in parts.dropLast() {
      if let problem = AtomicFile.problem(withName: String(part)) {
        throw FileError(reason: problem)
      }
    }
    guard let last = parts.last, !text.hasSuffix("/") else {
      throw FileError(reason: "the path names a folder; give it a file name such as frame.png")
    }
    var name = String(last)
    if fileExtension != "png", Self.stem(of: name, fileExtension: "png") != nil {
      // The language names render targets .png; vector runs write them in their own format.
      name = Self.stem(of: name, fileExtension: "png")! + "." + fileExtension
    }
    guard Self.stem(of: name, fileExtension: fileExtension) != nil else {
      throw FileError(
        reason:
          "render writes \(fileExtension.uppercased()) files: give the file name a "
          + ".\(fileExtension) extension")
    }
    if let problem = AtomicFile.problem(withName: name) { throw FileError(reason: problem) }
    folder = parts.dropLast().joined(separator: "/")
    self.name = name
  }

  /// The name without `.<fileExtension>` (any case), or `nil` when it does not end so or
  /// nothing comes before the extension. `..png` is `.`: a name like any other.
  package static func stem(of name: String, fileExtension: String) -> String? {
    let suffix = "." + fileExtension
    guard name.count > suffix.count, name.lowercased().hasSuffix(suffix) else { return nil }
    return String(name.dropLast(suffix.count))
  }
}
