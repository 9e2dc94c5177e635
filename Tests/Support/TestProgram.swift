import Foundation

/// Programs the end-to-end tests drive (Chromium, tmux), found where Debian installs them.
enum TestProgram {
  /// The first of `paths` that is an executable, after installing the tests' programs with
  /// `scripts/ensure-deps --test` when none is.
  static func locate(_ paths: [String]) async -> URL? {
    func found() -> URL? {
      paths.first { FileManager.default.isExecutableFile(atPath: $0) }.map {
        URL(fileURLWithPath: $0)
      }
    }
    if let program = found() { return program }
    let installer = repositoryRoot.appendingPathComponent("scripts/ensure-deps")
    _ = try? await Executable.run(
      program: installer, ["--test"], in: repositoryRoot,
      environment: ProcessInfo.processInfo.environment)
    return found()
  }
}
