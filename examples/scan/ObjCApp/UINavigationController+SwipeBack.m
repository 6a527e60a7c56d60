#import <UIKit/UIKit.h>

// Seed 003's trap: a category that clears the gesture's delegate so that screens with a custom
// back button can be swiped back. It does so for every navigation controller, and with no
// delegate nothing refuses a swipe on the root screen: the next push hangs.
@implementation UINavigationController (SwipeBack)

- (void)viewDidLoad {
    [super viewDidLoad];
    self.interactivePopGestureRecognizer.delegate = nil;  // expect: error root-pop
}

@end
