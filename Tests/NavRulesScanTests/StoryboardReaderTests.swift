import NavRulesCompiler
import Testing

@testable import NavRulesScan

/// Storyboards and xibs: view controllers, navigation roots and hidden bars, segues and their
/// sources, element positions, and malformed XML.
@Suite struct StoryboardReaderTests {
  func read(_ xml: String, path: String = "Main.storyboard") throws -> StoryboardDocument {
    guard case .storyboard(let document) = ScanReader.read(SourceFile(path: path, text: xml))
    else {
      Issue.record("not read as a storyboard")
      throw CancellationError()
    }
    return document
  }

  static let storyboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="n1">
        <scenes>
            <scene sceneID="s1">
                <objects>
                    <navigationController id="n1" customClass="MainNav" customModule="App" navigationBarHidden="YES" sceneMemberID="viewController">
                        <navigationBar key="navigationBar" contentMode="scaleToFill" id="b1"/>
                        <connections>
                            <segue destination="v1" kind="relationship" relationship="rootViewController" id="r1"/>
                        </connections>
                    </navigationController>
                </objects>
            </scene>
            <scene sceneID="s2">
                <objects>
                    <viewController storyboardIdentifier="Home" id="v1" customClass="HomeViewController" sceneMemberID="viewController">
                        <view key="view" id="w1">
                            <subviews>
                                <button id="x1">
                                    <connections>
                                        <segue destination="v2" kind="show" identifier="next" id="g1"/>
                                    </connections>
                                </button>
                            </subviews>
                        </view>
                    </viewController>
                </objects>
            </scene>
            <scene sceneID="s3">
                <objects>
                    <collectionViewController id="v2" sceneMemberID="viewController"/>
                    <customObject id="o1" customClass="Helper" sceneMemberID="viewController"/>
                    <myCustomController id="v3" customClass="Custom" sceneMemberID="viewController"/>
                </objects>
            </scene>
        </scenes>
    </document>
    """

  @Test func viewControllersAndNavigationControllers() throws {
    let document = try read(Self.storyboard)
    #expect(document.kind == .storyboard && document.isComplete)
    #expect(document.initialViewControllerID == "n1")
    #expect(document.viewControllers.map(\.id) == ["n1", "v1", "v2", "v3"])
    let navigation = try #require(document.viewController(withID: "n1"))
    #expect(navigation.isNavigationController && navigation.isInitial)
    #expect(navigation.isNavigationBarHidden)
    #expect(navigation.rootViewControllerID == "v1")
    #expect(navigation.customClass == "MainNav" && navigation.customModule == "App")
    let home = try #require(document.viewController(withID: "v1"))
    #expect(home.storyboardIdentifier == "Home" && !home.isInitial)
    #expect(home.className == "HomeViewController")
    #expect(document.viewController(withID: "v2")?.className == "UICollectionViewController")
    #expect(document.viewController(withID: "v3")?.className == "Custom")
  }

  @Test func seguesHangingOffControlsBelongToTheirScene() throws {
    let document = try read(Self.storyboard)
    #expect(document.segues.map(\.sourceID) == ["n1", "v1"])
    #expect(document.segues.map(\.kind) == ["relationship", "show"])
    #expect(document.segues[1].identifier == "next")
    #expect(document.segues[1].destinationID == "v2")
    #expect(document.segues[0].relationship == "rootViewController")
  }

  @Test func offsetsPointAtTheElements() throws {
    let document = try read(Self.storyboard)
    let file = document.file
    for controller in document.viewControllers {
      let text = file.text(controller.offset..<min(file.bytes.count, controller.offset + 40))
      #expect(text.hasPrefix("<" + controller.elementName), "\(text)")
    }
    let segue = document.segues[1]
    #expect(file.position(of: segue.offset) == SourcePosition(line: 21, column: 37))
  }

  @Test func commentsAndCDATAHoldingTagsDoNotShiftPositions() throws {
    let document = try read(
      """
      <document initialViewController="a">
      <!-- <viewController id="x"/> -->
      <objects><![CDATA[ <viewController id="y"> ]]>
      <viewController id="a" title="&lt;viewController&gt;"/></objects>
      </document>
      """)
    #expect(document.viewControllers.map(\.id) == ["a"])
    #expect(
      document.file.position(of: document.viewControllers[0].offset)
        == SourcePosition(line: 4, column: 1))
  }

  @Test func aXibNavigationControllersRootIsItsFirstViewController() throws {
    let document = try read(
      """
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB">
          <objects>
              <placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="AppDelegate"/>
              <navigationController id="n">
                  <navigationBar key="navigationBar" hidden="YES" id="b"/>
                  <viewControllers>
                      <viewController id="r" customClass="RootViewController"/>
                      <viewController id="s" customClass="SecondViewController"/>
                  </viewControllers>
              </navigationController>
          </objects>
      </document>
      """, path: "Root.xib")
    #expect(document.kind == .xib)
    #expect(document.viewControllers.map(\.id) == ["n", "r", "s"])
    #expect(document.viewControllers[0].rootViewControllerID == "r")
    #expect(document.viewControllers[0].isNavigationBarHidden)
    #expect(document.viewControllers[1].parentID == "n")
  }

  @Test func storyboardReferences() throws {
    let document = try read(
      """
      <document><scenes><scene><objects>
      <viewControllerPlaceholder storyboardName="Settings" referencedIdentifier="Root" id="p" sceneMemberID="viewController"/>
      </objects></scene></scenes></document>
      """)
    let reference = try #require(document.viewControllers.first)
    #expect(reference.isReference && reference.className == nil)
    #expect(reference.referencedStoryboardName == "Settings")
    #expect(reference.referencedIdentifier == "Root")
  }

  @Test func malformedXMLKeepsWhatCameBefore() throws {
    let document = try read(
      """
      <document initialViewController="a"><scenes>
      <viewController id="a" customClass="A"/>
      <viewController id="b" customClass="B" <<<
      <viewController id="c"/>
      """)
    #expect(!document.isComplete)
    #expect(document.viewControllers.first?.id == "a")
    #expect(!document.viewControllers.contains { $0.id == "c" })
  }

  @Test(arguments: ["", "not xml", "<a", "\u{FEFF}<document/>", "<document><segue/></document>"])
  func oddDocumentsAreReadWithoutComplaint(_ xml: String) throws {
    let document = try read(xml)
    #expect(document.viewControllers.isEmpty)
  }
}
