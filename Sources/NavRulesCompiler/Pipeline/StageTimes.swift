/// How long each stage of a run took, in wall time: what `NAVRC_STAGE_TIMES=1 navrc check`
/// prints, so a slow run can be taken apart without a profiler (docs/performance.md).
///
/// Always recorded: a lap is one read of the clock, nothing next to the stages it measures.
public struct StageTimes: Sendable {
  public struct Stage: Sendable, Equatable {
    public var name: String
    public var duration: Duration
  }

  public private(set) var stages: [Stage] = []
  /// When the stage now running began.
  private var stageStart: ContinuousClock.Instant

  public init(startingAt start: ContinuousClock.Instant = .now) {
    stageStart = start
  }

  /// Ends the stage now running, named `name`; the next one begins.
  public mutating func end(_ name: String) {
    let now = ContinuousClock.now
    stages.append(Stage(name: name, duration: now - stageStart))
    stageStart = now
  }

  /// Adds the stages another record measured since this one's last; the next stage begins
  /// where the other's last ended.
  public mutating func append(_ other: StageTimes) {
    stages += other.stages
    stageStart = other.stageStart
  }

  /// `read 12.4 ms, parse 61.0 ms, …, total 471.0 ms`.
  public var summary: String {
    let total = stages.reduce(Duration.zero) { $0 + $1.duration }
    return (stages + [Stage(name: "total", duration: total)])
      .map { "\($0.name) \(Self.milliseconds($0.duration)) ms" }
      .joined(separator: ", ")
  }

  /// The duration in milliseconds with one decimal.
  static func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let tenths = seconds * 10_000 + (attoseconds + 50_000_000_000_000) / 100_000_000_000_000
    return "\(tenths / 10).\(tenths % 10)"
  }
}
