import CircleCanvas
import CircleRender
import CircleScript
import Foundation

/// The script host of `circles run`: renders each frame with Cairo and writes it whole as a PNG.
final class FrameWriter: ScriptHost {
  let outputDirectory: URL
  private(set) var frames: [Frame] = []
  private(set) var renders: [URL] = []
  private let cache = RenderCache()

  init(outputDirectory: URL) {
    self.outputDirectory = outputDirectory
  }

  func scriptDidProduceFrame(_ frame: Frame) throws {
    let url = outputDirectory.appendingPathComponent(frame.name + ".png")
    try write(frame.state, to: url)
    frames.append(frame)
  }

  func scriptRender(_ state: CanvasState, toPath path: String) throws {
    let url = URL(fileURLWithPath: path, relativeTo: outputDirectory).standardizedFileURL
    guard url.pathExtension.lowercased() == "png" else {
      throw FileProblem("render writes PNG files: give the file name a .png extension")
    }
    try write(state, to: url)
    renders.append(url)
  }

  func scriptPixel(in state: CanvasState, x: Int, y: Int) throws -> Colour {
    try cache.image(of: state).colour(atX: x, y: y)
  }


  private func write(_ state: CanvasState, to url: URL) throws {
    let png = try PNGCodec.encode(try cache.image(of: state))
    do {
      try AtomicFile.write(png, to: url)
    } catch {
      throw FileProblem("cannot write '\(url.path)': \(FileProblem.reason(error, url: url))")
    }
  }
}

/// A file that could not be read or written, as one readable phrase.
struct FileProblem: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) {
    self.description = description
  }

  /// A short reason for a Foundation or POSIX file error ("no such file", "permission denied").
  static func reason(_ error: any Error, url: URL) -> String {
    let nsError = error as NSError
    var underlying = nsError
    while let next = underlying.userInfo[NSUnderlyingErrorKey] as? NSError { underlying = next }
    if underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
      return String(cString: strerror(code.rawValue)).lowercased()
    }
    switch nsError.code {
    case NSFileReadNoSuchFileError, NSFileNoSuchFileError: return "no such file"
    case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
    case NSFileWriteOutOfSpaceError: return "no space left on device"
    case NSFileReadCorruptFileError: return "is a folder or unreadable"
    default: return "\(error)"
    }
  }
}
