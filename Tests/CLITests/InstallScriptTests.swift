import CirclesKit
import CirclesTestSupport
import Foundation
import Testing

/// `scripts/install`, end to end into temporary prefixes. It installs the `circles` of this
/// build (`CIRCLES_INSTALL_BINARY`) instead of building a release one, which `scripts/test
/// --all` does (see CONTRIBUTING.md).
@Suite("scripts/install")
struct InstallScriptTests {
  static let script = repositoryRoot.appendingPathComponent("scripts/install")
  static let usage =
    "usage: scripts/install [PREFIX]    (default: /usr/local as root, else ~/.local)\n"

  /// The files an installation writes, under its prefix, with their modes.
  static let installed: [(path: String, mode: Int)] = [
    ("bin/circles", 0o755),
    (CompletionShell.bash.installPath, 0o644),
    (CompletionShell.zsh.installPath, 0o644),
    (CompletionShell.fish.installPath, 0o644),
    ("share/man/man1/circles.1", 0o644),
  ]

  /// Runs the script with a clean environment whose home is `home`.
  static func install(
    _ arguments: [String], in folder: URL, home: URL, path: String = "/usr/bin:/bin",
    binary: String? = nil, asUser user: String? = nil
  ) async throws -> Executable.Outcome {
    let environment = [
      "HOME": home.path, "PATH": path, "LANG": "C.UTF-8",
      "CIRCLES_INSTALL_BINARY": try binary ?? Executable.url.path,
    ]
    guard let user else {
      return try await Program(url: script).run(
        arguments, in: folder, environment: environment, inherits: false)
    }
    // setpriv (util-linux) runs the script as another user, as root may.
    return try await Program(named: "setpriv", package: "util-linux").run(
      ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", script.path] + arguments,
      in: folder, environment: environment, inherits: false)
  }

  /// What the script prints for an installation into `prefix`, up to its notes.
  static func report(_ prefix: String) -> String {
    "installed circles \(CommandLineTool.version) in \(prefix):\n"
      + installed.map { "  \(prefix)/\($0.path)\n" }.joined()
  }

  /// Checks every installed file: where it is, its mode, its bytes, no temporary file beside.
  static func expectInstalled(in prefix: URL) async throws {
    let manager = FileManager.default
    for (path, mode) in installed {
      let url = prefix.appendingPathComponent(path)
      let attributes = try manager.attributesOfItem(atPath: url.path)
      #expect((attributes[.posixPermissions] as? Int) == mode, "\(path)")
      let siblings = try manager.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
      #expect(siblings.filter { $0.hasPrefix(".") } == [], "\(path): \(siblings)")
    }
    for shell in CompletionShell.allCases {
      let text = try String(
        contentsOf: prefix.appendingPathComponent(shell.installPath), encoding: .utf8)
      #expect(text == CommandLineTool.completionScript(for: shell), "\(shell)")
    }
    let binary = Program(url: prefix.appendingPathComponent("bin/circles"))
    let manual = try await binary.run(["help", "--man"], in: prefix)
    #expect(
      try String(
        contentsOf: prefix.appendingPathComponent("share/man/man1/circles.1"), encoding: .utf8)
        == manual.stdout && manual.stdout.hasPrefix(".TH CIRCLES 1 "), "the manual page")
    let version = try await binary.run(["--version"], in: prefix)
    #expect(version.stdout == "circles \(CommandLineTool.version)\n", "\(version)")
    #expect(
      try Data(contentsOf: binary.url) == Data(contentsOf: try Executable.url),
      "the installed binary is this build's")
  }

  @Test("installs the binary and the three completion scripts, and says how to reach them")
  func install() async throws {
    let folder = try TemporaryFolder()
    let prefix = folder.url.appendingPathComponent("my prefix")
    let outcome = try await Self.install([prefix.path], in: folder.url, home: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stderr == "")
    let path = prefix.path
    #expect(
      outcome.stdout == Self.report(path) + """
        \(path)/bin is not on PATH; to run circles by name, add to ~/.bashrc or ~/.zshrc:
          export PATH="\(path)/bin:$PATH"
          (in fish: fish_add_path '\(path)/bin')
        bash completion is read from elsewhere; add to ~/.bashrc:
          source '\(path)/share/bash-completion/completions/circles'
        zsh reads completions from elsewhere; add to ~/.zshrc, before compinit:
          fpath=('\(path)/share/zsh/site-functions' $fpath)
        fish reads completions from elsewhere; run once:
          mkdir -p ~/.config/fish/completions && ln -sf '\(path)/share/fish/vendor_completions.d/circles.fish' ~/.config/fish/completions/

        """)
    try await Self.expectInstalled(in: prefix)
  }

  @Test("the notes it prints work: each shell then completes circles from the prefix")
  func notesWork() async throws {
    let folder = try TemporaryFolder()
    let prefix = folder.url.appendingPathComponent("opt")
    let outcome = try await Self.install([prefix.path], in: folder.url, home: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    let lines = outcome.stdout.split(separator: "\n").map(String.init)
    func note(after heading: String) throws -> String {
      let index = try #require(lines.firstIndex { $0.hasPrefix(heading) }, "\(outcome)")
      return lines[index + 1].trimmingCharacters(in: .whitespaces)
    }
    let environment = ["HOME": folder.url.path, "PATH": "\(prefix.path)/bin:/usr/bin:/bin"]
    let bash = try await Program(named: "bash").run(
      ["-c", try note(after: "bash") + "; complete -p circles"], in: folder.url,
      environment: environment, inherits: false)
    #expect(bash.stdout == "complete -F _circles circles\n", "\(bash)")
    let zsh = try await Program(named: "zsh").run(
      [
        "-fc",
        try note(after: "zsh") + "; autoload -U compinit; compinit -u -D; print $_comps[circles]",
      ], in: folder.url, environment: environment, inherits: false)
    #expect(zsh.stdout == "_circles\n", "\(zsh)")
    let link = try note(after: "fish")
    let fish = try await Program(named: "fish").run(
      ["-c", "\(link); and complete -C 'circles compl'"], in: folder.url,
      environment: environment, inherits: false)
    #expect(fish.stdout.hasPrefix("completions\t"), "\(fish)")
  }

  @Test("a second installation replaces the files and keeps the prefix's other files")
  func reinstall() async throws {
    let folder = try TemporaryFolder()
    let prefix = folder.url.appendingPathComponent("p")
    try folder.write("mine", to: "p/bin/other")
    try folder.write("old", to: "p/" + CompletionShell.zsh.installPath)
    let binPath = "\(prefix.path)/bin:/usr/bin:/bin"
    for _ in 0..<2 {
      let outcome = try await Self.install(
        [prefix.path], in: folder.url, home: folder.url, path: binPath)
      #expect(outcome.status == 0, "\(outcome)")
      // With PREFIX/bin on PATH there is no PATH note.
      #expect(outcome.stdout.hasPrefix(Self.report(prefix.path) + "bash completion"), "\(outcome)")
      try await Self.expectInstalled(in: prefix)
    }
    let other = try String(contentsOf: prefix.appendingPathComponent("bin/other"), encoding: .utf8)
    #expect(other == "mine")
  }

  @Test("a relative PREFIX is taken from the current folder")
  func relativePrefix() async throws {
    let folder = try TemporaryFolder()
    let outcome = try await Self.install(["here/"], in: folder.url, home: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    let prefix = folder.url.appendingPathComponent("here")
    #expect(outcome.stdout.hasPrefix(Self.report(prefix.path)), "\(outcome)")
    try await Self.expectInstalled(in: prefix)
  }

  @Test("without a PREFIX a user gets ~/.local, where bash-completion and fish look")
  func userDefault() async throws {
    let folder = try TemporaryFolder()
    let home = folder.url.appendingPathComponent("home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    // As root the default is /usr/local, so the script runs as nobody, in a home of its own.
    let user: String? = geteuid() == 0 ? "65534" : nil
    if user != nil {
      try FileManager.default.setAttributes(
        [.ownerAccountID: 65534, .groupOwnerAccountID: 65534], ofItemAtPath: home.path)
    }
    let outcome = try await Self.install([], in: home, home: home, asUser: user)
    #expect(outcome.status == 0, "\(outcome)")
    let prefix = home.appendingPathComponent(".local")
    #expect(
      outcome.stdout == Self.report(prefix.path) + """
        \(prefix.path)/bin is not on PATH; to run circles by name, add to ~/.bashrc or ~/.zshrc:
          export PATH="\(prefix.path)/bin:$PATH"
          (in fish: fish_add_path \(prefix.path)/bin)
        zsh reads completions from elsewhere; add to ~/.zshrc, before compinit:
          fpath=(\(prefix.path)/share/zsh/site-functions $fpath)

        """, "\(outcome)")
    try await Self.expectInstalled(in: prefix)
    // bash-completion loads the script on first use of the command; fish reads its folder.
    let environment = ["HOME": home.path, "PATH": "\(prefix.path)/bin:/usr/bin:/bin"]
    let loader = try #require(
      ["/usr/share/bash-completion/bash_completion"].first {
        FileManager.default.fileExists(atPath: $0)
      }, "bash-completion is not installed: run scripts/ensure-deps")
    let bash = try await Program(named: "bash").run(
      ["-c", "source \(loader); __load_completion circles && complete -p circles"], in: home,
      environment: environment, inherits: false)
    #expect(bash.stdout == "complete -F _circles circles\n", "\(bash)")
    let fish = try await Program(named: "fish").run(
      ["-c", "complete -C 'circles compl'"], in: home, environment: environment, inherits: false)
    #expect(fish.stdout.hasPrefix("completions\t"), "\(fish)")
  }

  @Test(
    "bad input is refused before anything is written",
    arguments: [
      (["file"], "'<folder>/file' is a file, not a folder; choose another PREFIX"),
      (["file/sub"], "'<folder>/file' is a file, not a folder; choose another PREFIX"),
      (
        ["taken"],
        "'<folder>/taken/bin/circles' is a folder; move it away or choose another PREFIX"
      ),
      (["dangling/p"], "'<folder>/dangling' is a symbolic link to nothing; choose another PREFIX"),
      (
        ["~/tools"],
        "PREFIX '~/tools' starts with '~', which no shell expanded; write $HOME instead"
      ),
      ([""], "PREFIX is empty; give a folder such as ~/.local"),
      (["new\nline"], "PREFIX has a control character in its name; choose another folder"),
      (["a", "b"], "takes at most one PREFIX; 'b' is extra"),
      (["--prefix=x"], "unknown option '--prefix=x'"),
    ])
  func refusals(arguments: [String], message: String) async throws {
    let folder = try TemporaryFolder()
    try folder.write("", to: "file")
    try FileManager.default.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("dangling").path, withDestinationPath: "nowhere")
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("taken/bin/circles"), withIntermediateDirectories: true)
    let before = try FileManager.default.subpathsOfDirectory(atPath: folder.url.path).sorted()
    let outcome = try await Self.install(arguments, in: folder.url, home: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(outcome.stdout == "")
    let usage = arguments.count > 1 || arguments.first?.hasPrefix("-") == true
    let expected =
      (usage ? Self.usage : "") + "scripts/install: error: "
      + message.replacingOccurrences(of: "<folder>", with: folder.url.path) + "\n"
    #expect(outcome.stderr == expected)
    #expect(try FileManager.default.subpathsOfDirectory(atPath: folder.url.path).sorted() == before)
  }

  @Test("a binary that is not there is refused")
  func missingBinary() async throws {
    let folder = try TemporaryFolder()
    let outcome = try await Self.install(
      [folder.url.appendingPathComponent("p").path], in: folder.url, home: folder.url,
      binary: "/nonexistent/circles")
    #expect(outcome.status == 2, "\(outcome)")
    #expect(
      outcome.stderr
        == "scripts/install: error: CIRCLES_INSTALL_BINARY='/nonexistent/circles' is not an "
        + "executable file\n")
    #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("p").path))
  }

  @Test("a PREFIX that cannot be written to is refused: read-only, or another user's")
  func unwritable() async throws {
    let disk = try #require(SmallDisk(.readOnly), "no way to make an unwritable folder here")
    let folder = try TemporaryFolder()
    let prefix = disk.url.appendingPathComponent("p")
    let outcome = try await Self.install([prefix.path], in: folder.url, home: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(
      outcome.stderr
        == "scripts/install: error: cannot write in '\(disk.url.path)'; choose a PREFIX you can "
        + "write to (such as ~/.local) or run as root\n")
    guard geteuid() == 0 else { return }
    // Root's own folder, 755, is not nobody's to write.
    let owned = folder.url.appendingPathComponent("root-only")
    try FileManager.default.createDirectory(at: owned, withIntermediateDirectories: true)
    let other = try await Self.install(
      [owned.appendingPathComponent("p").path], in: folder.url, home: folder.url, asUser: "65534")
    #expect(other.status == 2, "\(other)")
    #expect(other.stderr.hasPrefix("scripts/install: error: cannot write in '\(owned.path)'"))
  }

  @Test("--help prints the usage")
  func help() async throws {
    let folder = try TemporaryFolder()
    let outcome = try await Self.install(["--help"], in: folder.url, home: folder.url)
    #expect(outcome.status == 0)
    #expect(outcome.stdout == Self.usage)
  }
}
