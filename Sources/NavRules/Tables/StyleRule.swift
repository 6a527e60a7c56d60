/// `style NAME { … }`: a named set of title attributes.
public struct StyleRule: Hashable, Sendable {
  /// The name as declared in the rule file.
  public var name: String
  public var attributes: TitleAttributes

  public init(name: String, attributes: TitleAttributes) {
    self.name = name
    self.attributes = attributes
  }
}

/// A resolved `titleStyle`: the attributes, and the named style they came from (`nil` for an
/// inline `titleStyle { … }`).
public struct TitleStyleRule: Hashable, Sendable {
  public var attributes: TitleAttributes
  public var style: StyleID?

  public init(attributes: TitleAttributes, style: StyleID?) {
    self.attributes = attributes
    self.style = style
  }
}
