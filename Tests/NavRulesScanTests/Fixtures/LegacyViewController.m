//
//  LegacyViewController.m
//

#import "LegacyViewController.h"
#import "DetailViewController.h"

#define kTitleColor [UIColor colorWithRed:0.2 green:0.2 \
                                     blue:0.2 alpha:1.0]

@interface LegacyViewController () {
    BOOL _observing;
}
@property (nonatomic, strong) UINavigationController *modalNavigator;
@end

@implementation LegacyViewController

#pragma mark - Lifecycle

- (instancetype)initWithNibName:(NSString *)nibNameOrNil bundle:(NSBundle *)nibBundleOrNil {
    if ((self = [super initWithNibName:nibNameOrNil bundle:nibBundleOrNil])) {
        self.navigationItem.leftBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"Close" style:UIBarButtonItemStylePlain target:self action:@selector(close:)];
    }
    return self;
}

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Legacy" @" screen";
    __weak typeof(self) weakSelf = self;
    self.completion = ^(BOOL finished) {
        [weakSelf.navigationController popViewControllerAnimated:YES];
    };
}

- (void)viewWillAppear:(BOOL)animated
{
    [super viewWillAppear:animated];
    self.navigationController.navigationBar.titleTextAttributes = @{NSForegroundColorAttributeName: kTitleColor, NSFontAttributeName: [UIFont boldSystemFontOfSize:17]};
    if (self.navigationController.viewControllers.count > 1 && !_observing)
        self.navigationController.interactivePopGestureRecognizer.enabled = NO;
    else if ([self.navigationController.viewControllers count] == 1) {
        [self.navigationController.interactivePopGestureRecognizer setEnabled:NO];
    } else {
        self.navigationController.interactivePopGestureRecognizer.delegate = (id<UIGestureRecognizerDelegate>)self;
    }
}

- (void)viewDidDisappear:(BOOL)animated {
    [super viewDidDisappear:animated];
    [self.navigationController setNavigationBarHidden:NO animated:animated];
#if DEBUG
    NSLog(@"disappeared: %@ {", self);
#endif
}

#pragma mark - Navigation

- (void)openDetail:(id)sender {
    DetailViewController *detail = [[DetailViewController alloc] initWithNibName:nil bundle:nil];
    detail.hidesBottomBarWhenPushed = YES;
    [self.navigationController pushViewController:detail animated:YES];
    UINavigationController *navigator = [[UINavigationController alloc] initWithRootViewController:[DetailViewController new]];
    [self presentViewController:navigator animated:YES completion:^{
        NSLog(@"presented %@", [navigator class]);
    }];
    @autoreleasepool {
        for (NSInteger i = 0; i < 3; i++) {
            switch (i) {
                case 0:
                    _observing = YES;
                    break;
                default: {
                    _observing = i > 1 ? YES : NO;
                }
            }
        }
    }
}

- (BOOL)gestureRecognizerShouldBegin:(UIGestureRecognizer *)gestureRecognizer {
    return self.navigationController.viewControllers.count > 1;
}

- (BOOL)navigationBar:(UINavigationBar *)navigationBar shouldPopItem:(UINavigationItem *)item {
    if (![self.topViewController respondsToSelector:@selector(shouldPop)]) return YES;
    return [(id)self.topViewController shouldPop];
}

- (void)close:(id)sender {
    @try {
        [self dismissViewControllerAnimated:YES completion:nil];
    } @catch (NSException *exception) {
        NSLog(@"%@", exception);
    } @finally {
        _observing = NO;
    }
}

@end

@implementation LegacyViewController (Analytics)

+ (void)load {
    static dispatch_once_t onceToken;
    dispatch_once(&onceToken, ^{
        NSLog(@"loaded");
    });
}

@end
