import Foundation

/// How one run of a program went.
struct RunMeasure {
  var seconds: Double
  /// The largest resident set of the process, in bytes.
  var peakMemory: Int
  var status: Int32
  /// Processor time in the program itself (not in the kernel), in seconds.
  var userSeconds: Double = .nan
}

/// Starts programs and measures them: wall time from spawn to exit, peak memory from `wait4`.
enum Launcher {
  /// This program, which measures one run when called as `circles-bench --measure <program>
  /// <arguments…>`.
  static let benchmark: String = {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    return length > 0
      ? String(decoding: buffer[..<length], as: UTF8.self) : CommandLine.arguments[0]
  }()

  /// Runs a program with its output discarded, and measures it: through a fresh process of
  /// this program (``measure(_:_:)``), since a process started straight from the benchmark
  /// has the benchmark's own peak memory counted as its until it replaces itself, and the
  /// benchmark grows by the workloads it runs in process.
  static func run(_ program: String, _ arguments: [String]) -> RunMeasure {
    let text = (try? output(benchmark, ["--measure", program] + arguments)) ?? ""
    let fields = text.split(separator: " ").map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    guard fields.count == 4, let seconds = Double(fields[0]), let memory = Int(fields[1]),
      let status = Int32(fields[2]), let user = Double(fields[3])
    else { return RunMeasure(seconds: .nan, peakMemory: 0, status: -1) }
    return RunMeasure(seconds: seconds, peakMemory: memory, status: status, userSeconds: user)
  }

  /// `--measure`: runs a program with its output discarded, after the file data of earlier
  /// runs is written out (`sync`, not timed), so that no run pays for writing out another's
  /// files; prints its seconds, peak memory in bytes, exit status and processor seconds.
  static func measure(_ program: String, _ arguments: [String]) -> RunMeasure {
    sync()
    let start = DispatchTime.now()
    guard let pid = spawn(program, arguments, output: "/dev/null") else {
      return RunMeasure(seconds: .nan, peakMemory: 0, status: -1)
    }
    var status: Int32 = 0
    var usage = rusage()
    _ = wait4(pid, &status, 0, &usage)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    return RunMeasure(
      seconds: seconds, peakMemory: Int(usage.ru_maxrss) * 1024, status: status >> 8,
      userSeconds: Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6)
  }

  /// Runs a (program, arguments) pair as ``run(_:_:)`` does.
  static func run(_ command: (String, [String])) -> RunMeasure { run(command.0, command.1) }

  /// Runs a program and returns what it printed on standard output.
  static func output(_ program: String, _ arguments: [String]) throws -> String {
    let pipe = Pipe()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// Runs a shell command and returns whether it succeeded (for building the C reference).
  static func shell(_ command: String) -> Bool {
    run("/bin/sh", ["-c", command]).status == 0
  }

  /// Starts a program with its standard output and error going to `output`.
  static func spawn(_ program: String, _ arguments: [String], output: String) -> pid_t? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    // The stop signals as a terminal gives them, whatever this process was started with (a
    // background job of a shell ignores SIGINT, and a process started so keeps ignoring it).
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var signals = sigset_t()
    sigemptyset(&signals)
    posix_spawnattr_setsigmask(&attributes, &signals)
    for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, number) }
    posix_spawnattr_setsigdefault(&attributes, &signals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, program, &actions, &attributes, argv, environ) == 0 else {
      return nil
    }
    return pid
  }

  /// Waits for a process to end, `seconds` at most; its exit status (128 + the signal that
  /// ended it), or nil after killing it when it had not ended.
  static func waitForExit(_ pid: pid_t, within seconds: Double) -> Int32? {
    let start = DispatchTime.now()
    var status: Int32 = 0
    while waitpid(pid, &status, WNOHANG) == 0 {
      if Measures.elapsed(since: start) > seconds {
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return nil
      }
      usleep(1000)
    }
    return status & 0x7f != 0 ? 128 + (status & 0x7f) : (status >> 8) & 0xff
  }

  /// Waits until the file at `path` holds `text`, `seconds` at most.
  static func waitForText(_ text: String, in path: String, within seconds: Double) -> Bool {
    let start = DispatchTime.now()
    while Measures.elapsed(since: start) < seconds {
      if let printed = try? String(contentsOfFile: path, encoding: .utf8), printed.contains(text) {
        return true
      }
      usleep(2000)
    }
    return false
  }
}
