#import "MessageViewController.h"

// Seed 004's trap, in Objective-C: the title colour set in viewWillAppear is lost when Back is
// tapped from the attachment.
@implementation MessageViewController

- (void)viewWillAppear:(BOOL)animated {
    [super viewWillAppear:animated];
    [self.navigationController.navigationBar setTitleTextAttributes:@{  // expect: warning title-lost-on-back
        NSForegroundColorAttributeName : [UIColor whiteColor]
    }];
}

- (void)openAttachment {
    [self performSegueWithIdentifier:@"showAttachment" sender:self];
}

@end
