import Foundation

/// The programs circles is measured against, built by the benchmark from `reference/`: the C
/// reference and the C program that prints Cairo's version (both `cc -O2`), and two Swift
/// programs that print it too (`swiftc -O -static-stdlib`, as circles is installed).
struct References {
  /// `cairo-reference.c`: draws, encodes and compares as circles does, with Cairo the plain way.
  let reference: String
  /// `cairo-version.c`: links Cairo and prints its version.
  let cairoVersion: String
  /// `swift-print.swift`: the same in Swift, using nothing of Foundation.
  let swiftPrint: String
  /// `swift-start.swift`: the same in Swift after using Foundation's classes.
  let swiftStart: String

  /// Builds every program into `folder`; exits with 2 when one cannot be built.
  init(in folder: URL) throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("reference").path
    let cairo = "$(pkg-config --cflags --libs cairo)"
    let swiftCairo =
      "$(pkg-config --cflags cairo | sed 's/-I/-Xcc -I/g') $(pkg-config --libs cairo)"
    func build(_ name: String, _ command: String) -> String {
      let binary = folder.appendingPathComponent(name).path
      guard Launcher.shell(command.replacingOccurrences(of: "{out}", with: "'\(binary)'")) else {
        FileHandle.standardError.write(Data("circles-bench: cannot build \(name)\n".utf8))
        exit(2)
      }
      return binary
    }
    func swift(_ name: String) -> String {
      build(
        name,
        "swiftc -O -static-stdlib -module-cache-path '\(folder.path)/cache' -import-objc-header "
          + "'\(sources)/cairo-bridge.h' -o {out} '\(sources)/\(name).swift' \(swiftCairo)")
    }
    reference = build(
      "cairo-reference", "cc -O2 -o {out} '\(sources)/cairo-reference.c' \(cairo)")
    cairoVersion = build("cairo-version", "cc -O2 -o {out} '\(sources)/cairo-version.c' \(cairo)")
    swiftPrint = swift("swift-print")
    swiftStart = swift("swift-start")
  }
}
