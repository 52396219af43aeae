import CatalogKit

print("catalog \(CatalogKit.version)")
