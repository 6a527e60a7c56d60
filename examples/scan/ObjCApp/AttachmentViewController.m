#import <UIKit/UIKit.h>

@interface AttachmentViewController : UIViewController
@end

// Seed 001's trap: the gesture is turned off to keep the user on the attachment, and never
// turned back on: the message below it cannot be swiped back from either.
@implementation AttachmentViewController

- (void)viewDidAppear:(BOOL)animated {
    [super viewDidAppear:animated];
    self.navigationController.interactivePopGestureRecognizer.enabled = NO;  // expect: warning state-leak, warning content-swipe-bypass
}

@end
