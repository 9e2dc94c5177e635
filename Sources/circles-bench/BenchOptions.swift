import Foundation

/// What `circles-bench` was asked to run, read from its arguments.
struct BenchOptions {
  /// The groups of workloads, in the order a full run takes them.
  enum Section: String, CaseIterable {
    case core, encoders, decoders, language
    case longScripts = "long-scripts"
    case history, check
    case failingCheck = "failing-check"
    case compare
    case shards
    case viewer
    case languageServer = "language-server"
    case preview
    case review
    case machinery

    /// One line of `--help`.
    var summary: String {
      switch self {
      case .core:
        "W1, W2, W2 × 5000, W3, start-up, the undo engine, against C + Cairo"
      case .encoders: "PNG encoding of the W1 and W2 pictures against Cairo's writer"
      case .decoders: "PNG decoding (circles, libspng, Cairo) of the W3, W1 and W2 pictures"
      case .language:
        "a million passes of a loop; 1000 steps as a loop and as calls, and a recursion, against their lines"
      case .longScripts: "a 10 MB script's parse, and a run of its 250,000 adds"
      case .history: "what --sheet and --animation add to a run, and the animations' sizes"
      case .check: "circles check against run: time, golden bytes, memory, growth, alignment"
      case .failingCheck:
        "a check whose 200 frames all fail, on both cores against one; 2000 frames against 200"
      case .compare: "circles compare of 200 pairs of 1280×720 against 200 runs of circles diff"
      case .shards: "check --shard i/4 of 40 scripts of lengths 10 to 500, by count and by times"
      case .viewer: "circles view of 5000 states: its cost, its size, when Chromium shows it"
      case .languageServer:
        "circles lsp: diagnostics of a 10 MB script after didOpen, didChange; of 50 MB, memory"
      case .preview: "circles preview: from a save of the script to its picture in Chromium"
      case .review: "circles review: from a save that fails 60 frames to their page in Chromium"
      case .machinery: "each hand-written mechanism against the standard way it stands in for"
      }
    }
  }

  var sections: [Section] = Section.allCases
  var runs = 7
  var quick = false
  /// Also print every zlib level, strategy and row filter on the W1 and W2 pictures.
  var sweep = false
  /// Only write the scene scripts (and the C reference's input) into this folder.
  var scenesFolder: String?
  /// Only W1, W2 and W3 against another `circles` (an earlier commit's build, say).
  var baseline: String?

  static let usage = """
    usage: circles-bench [--runs N] [--quick] [--sweep] [--<section>...]
           circles-bench --scenes <folder>
           circles-bench --baseline <another circles> [--runs N]

    Runs the workloads of BENCHMARKS.md side by side with their references and prints one
    table of medians, ratios and goals. Build first: swift build -c release

    sections (all of them when none is named):
    \(Section.allCases.map { "  --\($0.rawValue.padding(toLength: 15, withPad: " ", startingAt: 0)) \($0.summary)" }.joined(separator: "\n"))

    options:
      --runs N          runs of each short workload (default 7; long ones run fewer times)
      --quick           3 runs of each, one of each long workload, no 5000-step C reference
      --sweep           with the encoders, every zlib level, strategy and row filter
      --scenes <folder> only write the W1, W2, W2 × 5000 scripts and the C program's input
      --baseline <file> only W1, W2 and W3 against another circles binary, interleaved
      -h, --help        this text

    """

  /// What went wrong with the arguments.
  struct Problem: Error, CustomStringConvertible {
    var description: String
  }

  /// Reads the arguments (without the program's name); `nil` when help was asked for.
  init?(_ arguments: [String]) throws(Problem) {
    var named: [Section] = []
    var index = 0
    func value(of option: String) throws(Problem) -> String {
      index += 1
      guard index < arguments.count else { throw Problem(description: "\(option) needs a value") }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "-h", "--help": return nil
      case "--quick": quick = true
      case "--sweep": sweep = true
      case "--runs":
        let text = try value(of: argument)
        guard let count = Int(text), count > 0 else {
          throw Problem(description: "--runs needs a positive whole number, not '\(text)'")
        }
        runs = count
      case "--scenes": scenesFolder = try value(of: argument)
      case "--baseline": baseline = try value(of: argument)
      default:
        guard argument.hasPrefix("--"),
          let section = Section(rawValue: String(argument.dropFirst(2)))
        else { throw Problem(description: "unknown argument '\(argument)' (see --help)") }
        if !named.contains(section) { named.append(section) }
      }
      index += 1
    }
    if quick, !arguments.contains("--runs") { runs = 3 }
    if !named.isEmpty { sections = Section.allCases.filter(named.contains) }
    if sweep, !sections.contains(.encoders) {
      throw Problem(description: "--sweep goes with the encoders section (--encoders)")
    }
  }

  /// Runs of each long workload (W2's C reference, 5000-step checks, the viewer).
  var longRuns: Int { quick ? 1 : 3 }
}
