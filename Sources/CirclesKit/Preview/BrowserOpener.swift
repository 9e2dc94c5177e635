import CircleSystem
import Foundation

/// Opens an address with the desktop's opener (`xdg-open`, or `open` on macOS), for `--open`
/// of `circles preview` and `circles review`.
package enum BrowserOpener {
  /// Opens `address` with the opener found on `path`.
  ///
  /// - Returns: `nil` when the opener was started, else a note saying that there is none or
  ///   that it could not be started, and to open the address by hand.
  package static func open(_ address: String, path: String?) -> String? {
    #if os(macOS)
      let opener = "open"
    #else
      let opener = "xdg-open"
    #endif
    let found = (path ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/\(opener)" }
      .first { FolderHandle.isExecutableFile(atPath: $0) }
    guard let found else {
      return "no '\(opener)' to open the page with; open \(address) in a browser"
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: found)
    process.arguments = [address]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return "'\(opener)' could not be started; open \(address) in a browser"
    }
    return nil
  }
}
