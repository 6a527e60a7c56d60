#import <UIKit/UIKit.h>

@interface LegacyBaseViewController : UIViewController
@end

@interface LegacyInboxViewController : LegacyBaseViewController
@end

@interface LegacyComposeViewController : UIViewController
@end

@interface LegacyMessageViewController : UIViewController
@end

@interface LegacyRouter : NSObject
@property (nonatomic, weak) UINavigationController *navigationController;
@end

@implementation LegacyBaseViewController
@end

@implementation LegacyInboxViewController
- (void)compose {
    [self presentViewController:[[LegacyComposeViewController alloc] init] animated:YES completion:nil];
}
- (BOOL)isBase:(UIViewController *)screen {
    return [screen isKindOfClass:[LegacyBaseViewController class]];
}
@end

@implementation LegacyComposeViewController
@end

@implementation LegacyMessageViewController
@end

@implementation LegacyRouter
- (void)openMessage {
    [self.navigationController pushViewController:[[LegacyMessageViewController alloc] init] animated:YES];
}
- (UINavigationController *)root {
    return [[UINavigationController alloc] initWithRootViewController:[[LegacyInboxViewController alloc] init]];
}
@end
