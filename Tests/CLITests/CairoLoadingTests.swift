import CirclesTestSupport
import Foundation
import Testing

/// Cairo is loaded when a command first draws, not when `circles` starts.
@Suite("circles: Cairo is loaded on first use")
struct CairoLoadingTests {
  /// What the system's dynamic loader reports of the libraries it loads (glibc's `LD_DEBUG`).
  private static let loaderReport = ["LD_DEBUG": "libs"]

  @Test(
    "commands that draw nothing start without Cairo",
    arguments: [["--version"], ["--help"], ["run", "--help"]])
  func withoutCairo(arguments: [String]) throws {
    let outcome = try Executable.run(
      arguments, in: repositoryRoot, environment: Self.loaderReport)
    #expect(outcome.status == 0, "\(outcome)")
    // The loader's report is there, so its silence about Cairo means something.
    #expect(outcome.stderr.contains("libc.so"), "\(outcome)")
    #expect(!outcome.stderr.contains("libcairo"), "\(outcome)")
  }

  @Test("running a script loads Cairo")
  func runLoadsCairo() throws {
    let folder = try TemporaryFolder()
    let script = try folder.write("canvas 40x30\nadd at 10,10 radius 5\n", to: "a.circles")
    let outcome = try Executable.run(
      ["run", script.path, "-o", "frames"], in: folder.url, environment: Self.loaderReport)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stderr.contains("libcairo.so.2"), "\(outcome)")
    #expect(folder.files(in: "frames").count == 2)
  }

  @Test("a library that is not Cairo: an error naming what is missing, exit 2, no frames")
  func notCairo() throws {
    let folder = try TemporaryFolder()
    // Any real shared library that is not Cairo stands in for a broken installation.
    let impostor = folder.url.appendingPathComponent("lib/libcairo.so.2")
    try FileManager.default.createDirectory(
      at: impostor.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: try Self.loadedLibrary(named: "libz.so"), to: impostor)
    let script = try folder.write("canvas 40x30\nadd at 10,10 radius 5\n", to: "a.circles")
    let outcome = try Executable.run(
      ["run", script.path, "-o", "frames"], in: folder.url,
      environment: ["LD_LIBRARY_PATH": impostor.deletingLastPathComponent().path])
    #expect(outcome.status == 2, "\(outcome)")
    let message =
      "error: cannot write frame '0000-start': the Cairo library found has no function cairo_"
    #expect(outcome.stderr.contains(message), "\(outcome)")
    #expect(folder.files(in: "frames").isEmpty)
  }

  /// The path of a shared library this test process has loaded, from `/proc/self/maps`.
  private static func loadedLibrary(named prefix: String) throws -> URL {
    // Read to the end: files under /proc report a size of 0.
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps"))
    defer { try? handle.close() }
    let maps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
    let path = maps.split(separator: "\n").compactMap { line -> String? in
      guard let slash = line.firstIndex(of: "/") else { return nil }
      let path = String(line[slash...])
      return URL(fileURLWithPath: path).lastPathComponent.hasPrefix(prefix) ? path : nil
    }.first
    return URL(fileURLWithPath: try #require(path, "no \(prefix) among the loaded libraries"))
  }
}
